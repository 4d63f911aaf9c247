import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at } from '../../db/columns.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { staff } from '../staff/staff-schema.ts';
import { users } from '../user/user-schema.ts';

/**
 * A bill a relief changes, as stored with the offer and the acceptance (lifecycle/relief.ts ReliefBillChange). Rows
 * from before spreading existed are deferrals: no `remainingBefore`, which was `remaining`.
 */
export interface StoredReliefBill {
  number: number;
  dueDateBefore: string | null;
  dueDateAfter: string;
  remainingBefore?: number;
  remaining: number;
}

/**
 * A borrower's request for relief (relief/relief-rules.ts) and what became of it: staff's offer (after a second
 * member approved it) or refusal, the borrower's acceptance with the addendum they signed, or its withdrawal or lapse.
 * The reason is encrypted (DataCipher field `loan_reliefs.reason`, security/encrypted-columns.ts): borrowers explain an
 * illness or a lost job in it. The signed addendum's PDF is in the encrypted file store under `addendum_key`.
 */
export const loanReliefs = pgTable(
  'loan_reliefs',
  {
    id: text('id').primaryKey(),
    loanId: text('loan_id')
      .notNull()
      .references(() => loans.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** relief/relief-rules.ts RELIEF_STATUSES. */
    status: text('status').notNull(),
    /** relief/relief-rules.ts RELIEF_KINDS: its number is days (defer) or extra bills (spread), asked and offered. */
    kind: text('kind').notNull().default('defer'),
    daysAsked: integer('days_asked'),
    extraAsked: integer('extra_asked'),
    reasonEnc: text('reason_enc').notNull(),
    /** The language it was asked in: its SMS and its addendum's first language follow it. */
    locale: text('locale').notNull(),
    askedAt: at('asked_at').notNull(),
    daysOffered: integer('days_offered'),
    extraOffered: integer('extra_offered'),
    /** The bills as the offer moved them on the day it was made (the acceptance recomputes and keeps its own). */
    offeredBills: jsonb('offered_bills').$type<StoredReliefBill[]>(),
    offerExpiresAt: at('offer_expires_at'),
    /** Who decided: the member who approved the offer (the proposer is in its approval request), or who declined. */
    decidedBy: text('decided_by').references(() => staff.id),
    decidedAt: at('decided_at'),
    /** Staff's reason for declining, shown to the borrower. */
    answer: text('answer'),
    acceptedAt: at('accepted_at'),
    acceptedBills: jsonb('accepted_bills').$type<StoredReliefBill[]>(),
    lateFeesKept: integer('late_fees_kept'),
    addendumKey: text('addendum_key'),
    addendumSha256: text('addendum_sha256'),
    closedAt: at('closed_at'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    // One request or offer waiting per loan.
    uniqueIndex('loan_reliefs_open')
      .on(t.loanId)
      .where(sql`${t.status} in ('requested', 'offered')`),
    index('loan_reliefs_user').on(t.userId, t.askedAt),
    index('loan_reliefs_status').on(t.status, t.askedAt),
    // A kind's number and never the other's.
    check(
      'loan_reliefs_terms',
      sql`(${t.kind} = 'defer' and ${t.daysAsked} is not null and ${t.extraAsked} is null and ${t.extraOffered} is null)
        or (${t.kind} = 'spread' and ${t.extraAsked} is not null and ${t.daysAsked} is null and ${t.daysOffered} is null)`,
    ),
  ],
);

export type ReliefRow = typeof loanReliefs.$inferSelect;
