import type { Table } from 'drizzle-orm';
import type { z } from 'zod';
import type { MyDataSectionKey, myDataSectionSchemas } from '@kaskita/domain/contract/my-data';
import type { DbOrTx } from '../../db/client.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { UserRow } from '../user/user-schema.ts';

/**
 * How the borrower's copy of their data is assembled: a registry of sections, one per kind of data, each gathered by
 * the code that knows its tables, and each saying, column by column, what it exports and what it leaves out and why.
 * A module added later (complaints) registers its own section through `app.personalData.sections` and adds the key
 * to the contract (contract/my-data.ts). The coverage test (test/personal-data/schema-coverage.test.ts) fails when a
 * column of a table tied to a borrower is in no section's list, or a table in no list at all.
 */

/** What happens to one column in the export: the field it becomes, or why it is left out. */
export type ColumnUse = { kind: 'exported'; as: string } | { kind: 'excluded'; reason: string };

/**
 * The column is in the export as `as`: a path into the export's sections, `section.field`, with `[]` after a list
 * (`loans[].bills[].due_date`). The coverage test checks that the contract's schema has that path.
 */
export const exported = (as: string): ColumnUse => ({ kind: 'exported', as });

/** The column is left out of the export, for this reason (a secret, an internal id, the same data in another form). */
export const excluded = (reason: string): ColumnUse => ({ kind: 'excluded', reason });

/** The borrower's own id, present in most tables: exported once, as account.uid. */
export const OWN_ID = excluded("the borrower's own id, exported once as account.uid");
/** A row's internal key, meaningless outside the database. */
export const ROW_ID = excluded("the row's internal id");
/** Staff are never named to borrowers (their role is, where it matters: staff_access). */
export const STAFF_ID = excluded('a staff member’s id: staff are not named to borrowers');

/** A table tied to a borrower, with the use of every one of its columns (a missing column is a type error too). */
export interface TableCoverage {
  readonly table: Table;
  /** By the column's name in the Drizzle table (its TypeScript key). */
  readonly columns: Readonly<Record<string, ColumnUse>>;
}

export function covers<T extends Table>(
  table: T,
  columns: { readonly [K in keyof T['_']['columns']]: ColumnUse },
): TableCoverage {
  return { table, columns: columns as Record<string, ColumnUse> };
}

/** What a section reads with: the signed-in borrower's row and the keys to decrypt what is stored encrypted. */
export interface SectionContext {
  readonly db: DbOrTx;
  readonly user: UserRow;
  readonly protection: DataProtection;
  /** Region codes to names (the regions module's directory), for addresses as the forms show them. */
  readonly regionName: (code: string) => string | undefined;
}

export type SectionData<K extends MyDataSectionKey> = z.input<(typeof myDataSectionSchemas)[K]>;

export interface PersonalDataSection<K extends MyDataSectionKey = MyDataSectionKey> {
  readonly key: K;
  /** Every table this section reads, with the use of each column. */
  readonly covers: readonly TableCoverage[];
  /** The section's data: only the borrower's own rows, always read by their id (or their own phone). */
  collect(context: SectionContext): Promise<SectionData<K>>;
}

/** Lets sections of different keys share one list while each keeps its key and data typed together. */
export function defineSection<K extends MyDataSectionKey>(
  section: PersonalDataSection<K>,
): PersonalDataSection<K> {
  return section;
}

/** The sections of the export, by key: one each. */
export class PersonalDataSections {
  private readonly byKey = new Map<MyDataSectionKey, PersonalDataSection>();

  register<K extends MyDataSectionKey>(section: PersonalDataSection<K>): void {
    if (this.byKey.has(section.key)) throw new Error(`personal-data section ${section.key} registered twice`);
    this.byKey.set(section.key, section as unknown as PersonalDataSection);
  }

  all(): readonly PersonalDataSection[] {
    return [...this.byKey.values()];
  }

  get(key: MyDataSectionKey): PersonalDataSection | undefined {
    return this.byKey.get(key);
  }
}
