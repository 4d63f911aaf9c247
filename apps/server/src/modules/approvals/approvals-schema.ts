import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import type { ApprovalState } from '@kaskita/domain/contract/admin-approvals';
import { staff } from '../staff/staff-schema.ts';

/**
 * Maker-checker (issue 25): a staff command that needs a second person, waiting for them. `state` is 'pending' until
 * someone holding the command's permission approves it (the command then runs, as the approver, in the same
 * transaction), rejects it, or the requester withdraws it. `input` is the command's validated input (ids, amounts and
 * dates only: it is kept for as long as the audit trail); `preview` is what the requester was shown would change.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: text('id').primaryKey(),
    /** The command to run (its name in the audit log, e.g. `loan.write_off`). */
    command: text('command').notNull(),
    input: jsonb('input').notNull(),
    /** What the command changes (a loan, a payment, a refund): one pending request per command and subject. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    reason: text('reason').notNull(),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => staff.id),
    requestedAt: at('requested_at').notNull(),
    state: text('state').$type<ApprovalState>().notNull(),
    decidedBy: text('decided_by').references(() => staff.id),
    decidedAt: at('decided_at'),
    decisionReason: text('decision_reason'),
    preview: jsonb('preview').notNull(),
  },
  (t) => [
    // Two requests for one change would let it run twice.
    uniqueIndex('approval_requests_one_pending')
      .on(t.command, t.subjectType, t.subjectId)
      .where(sql`state = 'pending'`),
    index('approval_requests_state').on(t.state, t.requestedAt),
    index('approval_requests_requester').on(t.requestedBy, t.requestedAt),
  ],
);

export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;
