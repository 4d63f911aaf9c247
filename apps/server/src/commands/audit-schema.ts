import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/**
 * One row per command run (commands/command-executor.ts), written in the command's own transaction, so a change of
 * money or standing and its audit row commit together or not at all. Append-only: the migration adds a trigger that
 * refuses UPDATE, DELETE and TRUNCATE, and every ledger entry a command writes references its row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    /** The command run's id (ledger_entries.command_id points here). */
    id: text('id').primaryKey(),
    command: text('command').notNull(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    outcome: text('outcome').notNull(),
    /** The validated input: ids, amounts and dates only. */
    input: jsonb('input').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    /** Why, when a person ran it (staff must say). */
    reason: text('reason'),
    /** From where: the caller's network (an IPv4 address or an IPv6 /64) when a route ran it; null for jobs and callbacks. */
    network: text('network'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_subject').on(t.subjectType, t.subjectId, t.createdAt),
    index('audit_log_actor').on(t.actorKind, t.actorId, t.createdAt),
  ],
);
