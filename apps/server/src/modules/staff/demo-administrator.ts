import type { Clock } from '../../clock.ts';
import { CommandExecutor } from '../../commands/command-executor.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { PasswordHasher } from '../../security/password-hasher.ts';
import { SecretHasher } from '../../security/secret-hasher.ts';
import { StaffAccountsService } from './staff-accounts-service.ts';
import { StaffRepository } from './staff-repository.ts';
import { StaffSessionRepository } from './staff-session-repository.ts';
import { StaffSessionService } from './staff-session-service.ts';

/**
 * The back office's demo sign-in, for `npm start` on a developer's machine only: a known password is acceptable
 * where there is no real data, and nowhere else. Production never creates it (seedDemoAdministrator refuses, and
 * app.ts does not call it there); a real lender's first administrator comes from `npm run admin:create`.
 */
export const DEMO_ADMINISTRATOR = {
  email: 'admin@kaskita.test',
  name: 'Demo Administrator',
  password: 'BackOffice2026',
} as const;

/** Creates the demo administrator once (a later start finds it and changes nothing). Outside production only. */
export async function seedDemoAdministrator(db: Db, env: Env, clock: Clock): Promise<void> {
  if (env.NODE_ENV === 'production') return;
  const repo = new StaffRepository();
  if (await repo.findByEmail(db, DEMO_ADMINISTRATOR.email)) return;
  const accounts = new StaffAccountsService({
    db,
    repo,
    sessions: new StaffSessionService(
      db,
      new StaffSessionRepository(),
      new SecretHasher(env.TOKEN_SECRET),
      clock,
    ),
    passwords: new PasswordHasher({ N: env.SCRYPT_N, r: env.SCRYPT_R, p: env.SCRYPT_P }),
    commands: new CommandExecutor(db, clock, { info: () => {} }),
  });
  const { password, ...member } = DEMO_ADMINISTRATOR;
  await accounts.createWithPassword(
    { kind: 'operator', tool: 'demo-seed' },
    { ...member, role: 'administrator' },
    password,
    'demo administrator of a development database',
  );
}
