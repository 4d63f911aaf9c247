import { defineModule } from '../module-plugin.ts';
import { AuditLogRepository } from './audit-log-repository.ts';
import { auditLogRoutes } from './audit-log-routes.ts';

/** The audit log as auditors read it (issue 25); the executor in commands/ is what writes it. */
export const auditModule = defineModule({
  name: 'audit',
  // The staff guard (authenticateStaff) is decorated by the staff module.
  dependencies: ['staff'],
  register: async (_app, infra, scope) => {
    await scope.api((api) => auditLogRoutes(api, { db: infra.db, repo: new AuditLogRepository() }));
  },
});
