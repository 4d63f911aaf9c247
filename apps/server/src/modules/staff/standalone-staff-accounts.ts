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
 * Staff accounts outside a running app (`npm run admin:create`, the demo seed): the same service, hasher settings and
 * command executor (so the same audit row) as the app builds, from the settings alone.
 */
export function standaloneStaffAccounts(db: Db, env: Env, clock: Clock): StaffAccountsService {
  return new StaffAccountsService({
    db,
    repo: new StaffRepository(),
    sessions: new StaffSessionService(
      db,
      new StaffSessionRepository(),
      new SecretHasher(env.TOKEN_SECRET),
      clock,
    ),
    passwords: new PasswordHasher({ N: env.SCRYPT_N, r: env.SCRYPT_R, p: env.SCRYPT_P }),
    // Nothing to log that the audit row does not keep.
    commands: new CommandExecutor(db, clock, { info: () => {} }),
  });
}
