import type { Tx } from '../db/client.ts';
import { auditLog } from './audit-schema.ts';

export class AuditRepository {
  async append(tx: Tx, row: typeof auditLog.$inferInsert): Promise<void> {
    await tx.insert(auditLog).values(row);
  }
}
