import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, staff } from '../../src/db/schema.ts';
import { loadEnv } from '../../src/env.ts';
import { DEMO_ADMINISTRATOR, seedDemoAdministrator } from '../../src/db/demo-seed.ts';
import { TEST_ENV, useTestApp } from '../helpers/test-app.ts';
import { signInStaff } from './staff-helpers.ts';

const t = useTestApp();
const { email, password } = DEMO_ADMINISTRATOR;

describe('the demo administrator', () => {
  it('is never created in production', async () => {
    await seedDemoAdministrator(t.database.db, loadEnv({}, { ...TEST_ENV, NODE_ENV: 'production' }), t.clock);
    expect(await t.database.db.select().from(staff).where(eq(staff.email, email))).toEqual([]);
  });

  it('outside production it is created once and signs in, with the authenticator app to set up next', async () => {
    const env = loadEnv({}, TEST_ENV);
    await seedDemoAdministrator(t.database.db, env, t.clock);
    await seedDemoAdministrator(t.database.db, env, t.clock);
    const rows = await t.database.db.select().from(staff).where(eq(staff.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe('administrator');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subjectId, rows[0]!.id));
    expect(audit).toMatchObject([{ command: 'staff.create', actorKind: 'operator', actorId: 'demo-seed' }]);
    const signedIn = await signInStaff(t.app, email, password);
    expect(signedIn.body.data.next).toBe('enrol_totp');
  });
});
