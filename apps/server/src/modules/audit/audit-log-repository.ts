import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { auditLog } from '../../commands/audit-schema.ts';
import type { DbOrTx } from '../../db/client.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditQuery {
  offset: number;
  limit: number;
  order: 'asc' | 'desc';
  command?: string;
  actorKind?: string;
  actorId?: string;
  subjectType?: string;
  subjectId?: string;
  /** Included. */
  from?: Date;
  /** Excluded. */
  until?: Date;
}

/**
 * Reads the audit log. There is no write here: rows are appended only by the command executor (commands/), in the
 * command's transaction, and the database refuses any UPDATE or DELETE of them.
 */
export class AuditLogRepository {
  async list(db: DbOrTx, query: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
    const where: SQL[] = [];
    if (query.command) where.push(eq(auditLog.command, query.command));
    if (query.actorKind) where.push(eq(auditLog.actorKind, query.actorKind));
    if (query.actorId) where.push(eq(auditLog.actorId, query.actorId));
    if (query.subjectType) where.push(eq(auditLog.subjectType, query.subjectType));
    if (query.subjectId) where.push(eq(auditLog.subjectId, query.subjectId));
    if (query.from) where.push(gte(auditLog.createdAt, query.from));
    if (query.until) where.push(lt(auditLog.createdAt, query.until));
    const condition = where.length ? and(...where) : undefined;
    const direction = query.order === 'asc' ? asc : desc;
    const rows = await db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(direction(auditLog.createdAt), direction(auditLog.id))
      .limit(query.limit)
      .offset(query.offset);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog).where(condition);
    return { rows, total };
  }
}
