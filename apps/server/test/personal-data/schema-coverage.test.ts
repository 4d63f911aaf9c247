import { is, Table } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { myDataSectionSchemas } from '@kaskita/domain/contract/my-data';
import * as schema from '../../src/db/schema.ts';
import { BUILT_IN_SECTIONS, NOT_PERSONAL } from '../../src/modules/personal-data/personal-data-coverage.ts';
import { covers, exported, excluded } from '../../src/modules/personal-data/personal-data-registry.ts';
import { ERASURE_PLAN } from '../../src/modules/personal-data/retention-eraser.ts';
import { users } from '../../src/modules/user/user-schema.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { coverageProblems, pathExists, type CoverageInput } from './coverage-checker.ts';

const tables: Table[] = (Object.values(schema) as unknown[]).filter((v): v is Table => is(v, Table));

const real: CoverageInput = {
  tables,
  sections: BUILT_IN_SECTIONS,
  notPersonal: NOT_PERSONAL,
  erasurePlan: ERASURE_PLAN,
  contract: myDataSectionSchemas,
};

const t = useTestApp();

describe('the export covers the schema', () => {
  it('finds the tables of the schema index (the check is not vacuous)', () => {
    expect(tables.length).toBeGreaterThan(30);
    expect(tables).toContain(users);
  });

  it('classifies every column of every table tied to a borrower, and every other table with a reason', () => {
    // The sections the app registered: a module added later registers its own (app.personalData.sections).
    const sections = t.app.personalData.sections.all();
    expect(sections.map((s) => s.key)).toEqual(expect.arrayContaining(BUILT_IN_SECTIONS.map((s) => s.key)));
    expect(coverageProblems({ ...real, sections })).toEqual([]);
  });
});

describe('the coverage check', () => {
  // A table tied to a borrower, as a later module might add it, and a column added to it without a thought for the export.
  const grievances = pgTable('grievances', {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id),
    subject: text('subject'),
    secretNote: text('secret_note'),
  });
  const section = {
    key: 'account',
    covers: [
      covers(grievances, {
        id: exported('account.uid'),
        userId: excluded("the borrower's own id"),
        subject: exported('account.phone'),
        // secretNote left out on purpose
      } as never),
    ],
  };
  const base = {
    ...real,
    tables: [...tables, grievances],
    erasurePlan: { ...ERASURE_PLAN, grievances: 'deleted' },
  };

  it('fails on a column nobody classified, naming it and what to do', () => {
    const problems = coverageProblems({
      ...base,
      sections: [
        ...BUILT_IN_SECTIONS.filter((s) => s.key !== 'account'),
        {
          ...BUILT_IN_SECTIONS.find((s) => s.key === 'account')!,
          covers: [...BUILT_IN_SECTIONS.find((s) => s.key === 'account')!.covers, ...section.covers],
        },
      ],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('column grievances.secret_note is not classified');
    expect(problems[0]).toContain("exported('account.<field>')");
  });

  it('fails on a new table in no section', () => {
    const problems = coverageProblems(base);
    expect(problems).toEqual([expect.stringContaining('table grievances is in no export section')]);
  });

  it('refuses to call a table with a user_id column not personal', () => {
    const problems = coverageProblems({
      ...base,
      notPersonal: [...NOT_PERSONAL, { table: grievances, reason: 'it is about the app only' }],
    });
    expect(problems).toEqual([
      expect.stringContaining('table grievances cannot be NOT_PERSONAL: it has a user_id column'),
    ]);
  });

  it('fails on an export path the contract does not have, and on a table the eraser does not know', () => {
    const account = BUILT_IN_SECTIONS.find((s) => s.key === 'account')!;
    const wrong = covers(grievances, {
      id: exported('account.grievance_id'),
      userId: excluded("the borrower's own id"),
      subject: excluded('a subject line the borrower typed'),
      secretNote: excluded('a staff note, not about the borrower'),
    });
    const problems = coverageProblems({
      ...base,
      erasurePlan: ERASURE_PLAN,
      sections: [
        ...BUILT_IN_SECTIONS.filter((s) => s !== account),
        { ...account, covers: [...account.covers, wrong] },
      ],
    });
    expect(problems).toEqual([
      expect.stringContaining('exported as account.grievance_id, which the export'),
      expect.stringContaining('table grievances is personal but the retention eraser'),
    ]);
  });

  it('reads export paths through lists and nullable objects', () => {
    expect(pathExists(myDataSectionSchemas, 'profile.ktp.nik')).toBe(true);
    expect(pathExists(myDataSectionSchemas, 'loans[].bills[].due_date')).toBe(true);
    expect(pathExists(myDataSectionSchemas, 'loans[].bills[].nope')).toBe(false);
    expect(pathExists(myDataSectionSchemas, 'loans.bills')).toBe(false);
    expect(pathExists(myDataSectionSchemas, 'nope.x')).toBe(false);
  });
});
