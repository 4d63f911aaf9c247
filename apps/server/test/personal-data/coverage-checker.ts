import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TableCoverage } from '../../src/modules/personal-data/personal-data-registry.ts';

export interface CoverageInput {
  /** Every table of the app (db/schema.ts). */
  tables: readonly Table[];
  sections: ReadonlyArray<{ key: string; covers: readonly TableCoverage[] }>;
  notPersonal: ReadonlyArray<{ table: Table; reason: string }>;
  /** What the retention eraser does to each personal table, by SQL name. */
  erasurePlan: Readonly<Record<string, string>>;
  /** The export's sections as the contract declares them. */
  contract: Readonly<Record<string, z.ZodType>>;
}

const WHERE = 'apps/server/src/modules/personal-data';
/** Tables whose rows belong to a borrower: what a table pointing to them is tied to. */
const BORROWER_TABLES = new Set(['users', 'loans']);

/**
 * Every way the export can fall behind the schema, as sentences saying what to do. Empty when the export covers every
 * column of every table tied to a borrower.
 */
export function coverageProblems(input: CoverageInput): string[] {
  const problems: string[] = [];
  const coverage = new Map<Table, { section: string; coverage: TableCoverage }[]>();
  for (const section of input.sections)
    for (const c of section.covers)
      coverage.set(c.table, [...(coverage.get(c.table) ?? []), { section: section.key, coverage: c }]);
  const notPersonal = new Map(input.notPersonal.map((n) => [n.table, n.reason]));

  for (const table of input.tables) {
    const name = getTableName(table);
    const covered = coverage.get(table) ?? [];
    const reason = notPersonal.get(table);
    if (covered.length === 0 && reason === undefined) {
      problems.push(
        `table ${name} is in no export section and not listed as holding nothing personal: add it to a section's covers, or to NOT_PERSONAL with the reason (${WHERE})`,
      );
      continue;
    }
    if (covered.length > 1)
      problems.push(
        `table ${name} is covered by ${covered.length} sections (${covered.map((c) => c.section).join(', ')}): one only`,
      );
    if (covered.length > 0 && reason !== undefined)
      problems.push(`table ${name} is both in a section and in NOT_PERSONAL: one only`);
    if (reason !== undefined) {
      if (reason.trim().length < 10) problems.push(`table ${name} is NOT_PERSONAL without a reason`);
      const tie = borrowerTie(table);
      if (tie)
        problems.push(
          `table ${name} cannot be NOT_PERSONAL: ${tie}; cover it in a section, column by column`,
        );
      continue;
    }
    const { section, coverage: c } = covered[0]!;
    const columns = getTableColumns(table);
    for (const [key, column] of Object.entries(columns)) {
      const use = c.columns[key];
      if (!use) {
        problems.push(
          `column ${name}.${column.name} is not classified: in the "${section}" section's covers, say exported('${section}.<field>') and add it to the export, or excluded('<why>') (${WHERE})`,
        );
        continue;
      }
      if (use.kind === 'excluded' && use.reason.trim().length < 10)
        problems.push(`column ${name}.${column.name} is excluded without a reason`);
      if (use.kind === 'exported' && !pathExists(input.contract, use.as))
        problems.push(
          `column ${name}.${column.name} is exported as ${use.as}, which the export's contract does not have (packages/domain/src/contract/my-data.ts)`,
        );
    }
    for (const key of Object.keys(c.columns))
      if (!(key in columns))
        problems.push(`column ${name}.${key} is classified but the table has no such column`);
    if (!(name in input.erasurePlan))
      problems.push(
        `table ${name} is personal but the retention eraser does not say what it does to it (ERASURE_PLAN)`,
      );
  }

  const sectionKeys = new Set(input.sections.map((s) => s.key));
  for (const key of Object.keys(input.contract))
    if (!sectionKeys.has(key))
      problems.push(`the export's contract has a section ${key} that no registered section fills`);
  for (const key of sectionKeys)
    if (!(key in input.contract)) problems.push(`section ${key} is not in the export's contract`);
  return problems;
}

/** Why a table is tied to a borrower: a user_id column, or a foreign key to users or loans; null when it is not. */
function borrowerTie(table: Table): string | null {
  const config = getTableConfig(table as PgTable);
  if (config.columns.some((c) => c.name === 'user_id')) return 'it has a user_id column';
  for (const fk of config.foreignKeys) {
    const target = getTableName(fk.reference().foreignTable);
    if (BORROWER_TABLES.has(target)) return `it has a foreign key to ${target}`;
  }
  return null;
}

/** Whether `profile.ktp.nik` or `loans[].bills[].due_date` names a field of the contract's section schemas. */
export function pathExists(contract: Readonly<Record<string, z.ZodType>>, path: string): boolean {
  const [first, ...rest] = path.split('.');
  if (!first) return false;
  let schema = step(contract[first.replace(/\[\]$/, '')], first.endsWith('[]'));
  for (const part of rest) {
    if (!schema) return false;
    const key = part.replace(/\[\]$/, '');
    const shape = objectShape(schema);
    schema = step(shape?.[key], part.endsWith('[]'));
  }
  return schema !== undefined;
}

/** Unwraps nullable/optional, then a list's element when `list`. */
function step(schema: z.ZodType | undefined, list: boolean): z.ZodType | undefined {
  let s = unwrap(schema);
  if (!list) return s;
  if (!s || def(s).type !== 'array') return undefined;
  s = unwrap(def(s).element as z.ZodType);
  return s;
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let s = schema;
  while (s && (def(s).type === 'nullable' || def(s).type === 'optional')) s = def(s).innerType as z.ZodType;
  return s;
}

function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const d = def(schema);
  return d.type === 'object' ? (d.shape as Record<string, z.ZodType>) : undefined;
}

function def(schema: z.ZodType): Record<string, unknown> & { type: string } {
  return (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
}
