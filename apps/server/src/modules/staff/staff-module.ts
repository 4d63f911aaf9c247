import { registerStaffAuth } from '../../plugins/staff-auth-plugin.ts';
import { defineModule } from '../module-plugin.ts';
import { AuditLogRepository } from './audit-log-repository.ts';
import { auditLogRoutes } from './audit-log-routes.ts';
import { StaffAccountsService } from './staff-accounts-service.ts';
import { StaffRepository } from './staff-repository.ts';
import { staffRoutes } from './staff-routes.ts';
import { StaffSessionRepository } from './staff-session-repository.ts';
import { StaffSessionService } from './staff-session-service.ts';
import { StaffSignInService } from './staff-sign-in-service.ts';
import { StaffTotp } from './staff-totp.ts';

/**
 * The lender's staff: accounts, sign-in with a second factor, sessions, what each role may open, and the audit log of
 * what they did (issue 25).
 */
export const staffModule = defineModule({
  name: 'staff',
  register: async (app, infra, scope) => {
    const { db, clock, limiter, secretHasher, passwordHasher, dataProtection, commands } = infra;
    const repo = new StaffRepository();
    const sessions = new StaffSessionService(db, new StaffSessionRepository(), secretHasher, clock);
    const signIn = new StaffSignInService({
      db,
      repo,
      sessions,
      totp: new StaffTotp(clock),
      passwords: passwordHasher,
      secretHasher,
      cipher: dataProtection.cipher,
      limiter,
      clock,
    });
    const accounts = new StaffAccountsService({ db, repo, sessions, passwords: passwordHasher, commands });
    registerStaffAuth(app, (token) => sessions.resolve(token));
    await scope.api((api) => {
      staffRoutes(api, { signIn, sessions, accounts });
      // What staff did, as auditors read it (the command executor writes it).
      auditLogRoutes(api, { db, repo: new AuditLogRepository() });
    });
  },
});
