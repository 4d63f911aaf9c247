import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdministrator } from '../../src/cli/create-admin-command.ts';
import { auditLog, staff } from '../../src/db/schema.ts';
import { loadEnv } from '../../src/env.ts';
import { TEST_ENV, useTestApp } from '../helpers/test-app.ts';
import { enrolTotp, signInStaff } from '../staff/staff-helpers.ts';

const t = useTestApp();
const env = loadEnv({}, TEST_ENV);

async function run(details: { email: string; name: string; password: string }) {
  const lines: string[] = [];
  const code = await createAdministrator(env, details, {
    database: t.database,
    clock: t.clock,
    write: (line) => lines.push(line),
  });
  return { code, output: lines.join('\n') };
}

describe('npm run admin:create', () => {
  it('creates an administrator who signs in, sets up the app and holds every permission', async () => {
    const { code, output } = await run({
      email: ' Kepala@KasKita.test ',
      name: 'Kepala',
      password: 'Durian7Montong',
    });
    expect(code).toBe(0);
    expect(output).toContain('kepala@kaskita.test');
    expect(output).not.toContain('Durian7Montong');
    const [row] = await t.database.db.select().from(staff).where(eq(staff.email, 'kepala@kaskita.test'));
    expect(row).toMatchObject({ role: 'administrator', passwordIsOneTime: false });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, row!.id));
    expect(audit).toMatchObject({ command: 'staff.create', actorKind: 'operator', actorId: 'admin:create' });

    const signedIn = await signInStaff(t.app, 'kepala@kaskita.test', 'Durian7Montong');
    expect(signedIn.body.data.next).toBe('enrol_totp');
    await enrolTotp(t, signedIn.body.data.token);
    const tree = await t.app.inject({
      method: 'GET',
      url: '/api/admin/permissions/user/tree',
      headers: { authorization: signedIn.body.data.token },
    });
    expect(tree.json().data.staff.role).toBe('administrator');
  });

  it('refuses a weak or common password, a bad e-mail and an e-mail already taken, changing nothing', async () => {
    const weak = await run({ email: 'lemah@kaskita.test', name: 'Lemah', password: '123456' });
    expect(weak.code).toBe(1);
    expect(weak.output).toMatch(/^password: /m);
    const common = await run({ email: 'lemah@kaskita.test', name: 'Lemah', password: 'password1' });
    expect(common.code).toBe(1);
    expect(common.output).toContain('common');
    const email = await run({ email: 'not-an-email', name: 'X', password: 'Durian7Montong' });
    expect(email.code).toBe(1);
    expect(email.output).toMatch(/^email: /m);
    expect(await t.database.db.select().from(staff).where(eq(staff.email, 'lemah@kaskita.test'))).toEqual([]);

    expect((await run({ email: 'dua@kaskita.test', name: 'Dua', password: 'Rambutan9Manis' })).code).toBe(0);
    const taken = await run({ email: 'DUA@kaskita.test', name: 'Dua lagi', password: 'Salak4Pondoh' });
    expect(taken).toMatchObject({ code: 1 });
    expect(taken.output).toContain('already exists');
  });
});
