import type { Clock } from '../clock.ts';
import type { Db } from './client.ts';
import type { Env } from '../env.ts';
import { StaffRepository } from '../modules/staff/staff-repository.ts';
import { standaloneStaffAccounts } from '../modules/staff/standalone-staff-accounts.ts';

/**
 * The back office's demo sign-in, for `npm start` on a developer's machine only: a known password is acceptable
 * where there is no real data, and nowhere else. Production never creates it (seedDemoAdministrator refuses, and
 * server.ts does not call it there); a real lender's first administrator comes from `npm run admin:create`.
 */
export const DEMO_ADMINISTRATOR = {
  email: 'admin@kaskita.test',
  name: 'Demo Administrator',
  password: 'BackOffice2026',
} as const;

/** Creates the demo administrator once (a later start finds it and changes nothing). Outside production only. */
export async function seedDemoAdministrator(db: Db, env: Env, clock: Clock): Promise<void> {
  if (env.NODE_ENV === 'production') return;
  if (await new StaffRepository().findByEmail(db, DEMO_ADMINISTRATOR.email)) return;
  const accounts = standaloneStaffAccounts(db, env, clock);
  const { password, ...member } = DEMO_ADMINISTRATOR;
  await accounts.createWithPassword(
    { kind: 'operator', tool: 'demo-seed' },
    { ...member, role: 'administrator' },
    password,
    'demo administrator of a development database',
  );
}
