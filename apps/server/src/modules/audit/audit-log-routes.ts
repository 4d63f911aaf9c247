import type { FastifyInstance } from 'fastify';
import { adminAdministrationCalls } from '@kaskita/domain/contract/admin-administration';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { registerCall } from '../../http/register-call.ts';
import type { AuditLogRepository } from './audit-log-repository.ts';

const JAKARTA_OFFSET_MS = 7 * 3600_000;

/**
 * Midnight in Jakarta (UTC+7 all year, no daylight saving) starting the business day `day` (YYYY-MM-DD) plus
 * `addDays`. A day the calendar lacks (2026-02-31) is refused like any other bad input, never read as another day.
 */
function jakartaMidnight(field: 'from' | 'to', day: string, addDays = 0): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(utcMidnight.getTime()) || utcMidnight.toISOString().slice(0, 10) !== day)
    throw new AppError('VALIDATION', { fields: { [field]: 'field.invalid' } });
  return new Date(utcMidnight.getTime() - JAKARTA_OFFSET_MS + addDays * 86_400_000);
}

/** GET /api/admin/audit: reading changes nothing, so no command and no audit row; the guard checks audit.read. */
export function auditLogRoutes(
  app: FastifyInstance,
  { db, repo }: { db: Db; repo: AuditLogRepository },
): void {
  registerCall(app, adminAdministrationCalls.listAudit, async ({ query }) => {
    const { rows, total } = await repo.list(db, {
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
      order: query.order ?? 'desc',
      command: query.command,
      actorKind: query.actor_kind,
      actorId: query.actor_id,
      subjectType: query.subject_type,
      subjectId: query.subject_id,
      from: query.from ? jakartaMidnight('from', query.from) : undefined,
      until: query.to ? jakartaMidnight('to', query.to, 1) : undefined,
    });
    return {
      total,
      items: rows.map((row) => ({
        id: row.id,
        command: row.command,
        actor_kind: row.actorKind,
        actor_id: row.actorId,
        subject_type: row.subjectType,
        subject_id: row.subjectId,
        outcome: row.outcome,
        input: row.input,
        before: row.before,
        after: row.after,
        reason: row.reason,
        created_at: row.createdAt.toISOString(),
      })),
    };
  });
}
