import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt, money } from '../../db/columns.ts';
import { fieldContext, type DataCipher } from '../../security/data-cipher.ts';
import { users } from '../user/user-schema.ts';

/**
 * One submitted application and its credit decision. A borrower has at most one application auditing at a time
 * (unique partial index): a second submit finds it instead of queueing another decision. `decision` keeps the whole
 * record of how it was decided (inputs, each rule's outcome, reasons) and is never rewritten once set.
 */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** 'auditing' | 'review' (a person decides: the review queue) | 'approved' | 'rejected'. */
    state: text('state').notNull(),
    submittedAt: at('submitted_at').notNull(),
    /** When the decision is due (submit + the configured delay): the countdown counts to it. */
    decideAfter: at('decide_after').notNull(),
    /**
     * Device location at submit (spec: location is required), decimal degrees as sent: `{ longitude, latitude }` as
     * JSON, encrypted (sealLocation below). One value, as the two are only ever read together.
     */
    locationEnc: text('location_enc').notNull(),
    /** The language of the app at submit: the decision's message is written in it. */
    locale: text('locale').notNull(),
    decidedAt: at('decided_at'),
    /** 'rules' or 'reviewer:<id>'. */
    decidedBy: text('decided_by'),
    limitAmount: money('limit_amount'),
    /** Rejected: the Jakarta date from which the borrower may resubmit. */
    reapplyDate: date('reapply_date', { mode: 'string' }),
    /** Stable reason codes (credit/reasons.ts). */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    /** Inputs, every rule's outcome, the scorecard: the explanation of the decision. */
    decision: jsonb('decision'),
    /** Why the rules handed it to a person (credit/review-rules.ts), and when: the review queue. */
    reviewFlags: jsonb('review_flags').$type<string[]>().notNull().default([]),
    queuedAt: at('queued_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_applications_user').on(t.userId, t.submittedAt),
    uniqueIndex('credit_applications_one_auditing')
      .on(t.userId)
      .where(sql`${t.state} = 'auditing'`),
    // The review queue, oldest first: only the few rows waiting for a person.
    index('credit_applications_review_queue')
      .on(t.queuedAt)
      .where(sql`${t.state} = 'review'`),
  ],
);

/** Feedback from the borrower (spec: POST /v1/feedback), kept for customer service. */
export const feedback = pgTable(
  'feedback',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    /** The language it was written in (the `lan` header). */
    locale: text('locale').notNull(),
    createdAt: createdAt(),
    // the back office's answer (h/care): what the borrower sees in the app, and who gave it (staff ids)
    /** 'feedback' | 'complaint' (contract/admin-care.ts FEEDBACK_KINDS). */
    kind: text('kind').notNull().default('feedback'),
    /** 'open' | 'answered' | 'closed'. */
    status: text('status').notNull().default('open'),
    reply: text('reply'),
    repliedAt: at('replied_at'),
    repliedBy: text('replied_by'),
    resolution: text('resolution'),
    closedAt: at('closed_at'),
    closedBy: text('closed_by'),
  },
  (t) => [
    index('feedback_user_time').on(t.userId, t.createdAt),
    index('feedback_status_time').on(t.status, t.createdAt),
  ],
);

/** Where the device was when the application was submitted, decimal degrees as the app sent them. */
export interface SubmitLocation {
  longitude: string;
  latitude: string;
}

/** The purpose credit_applications.location_enc values are bound to (security/encrypted-columns.ts). */
export const LOCATION_PURPOSE = 'credit_applications.location';

export function sealLocation(cipher: DataCipher, applicationId: string, location: SubmitLocation): string {
  const { longitude, latitude } = location;
  return cipher.encryptField(
    JSON.stringify({ longitude, latitude }),
    fieldContext(LOCATION_PURPOSE, applicationId),
  );
}

export function openLocation(cipher: DataCipher, applicationId: string, locationEnc: string): SubmitLocation {
  return JSON.parse(
    cipher.decryptField(locationEnc, fieldContext(LOCATION_PURPOSE, applicationId)),
  ) as SubmitLocation;
}
