import { date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { collectionContacts } from '../collections/collections-schema.ts';
import { payments } from '../repayments/repayments-schema.ts';
import { staff } from '../staff/staff-schema.ts';
import { users } from '../user/user-schema.ts';

/**
 * A borrower's complaint (pengaduan): a case with a number, a status and the deadline POJK 22/2023 sets
 * (complaints/complaint-rules.ts, complaint-deadline.ts). Its own table rather than a kind of feedback: a case has a
 * deadline that moves once, a history of staff steps each texted to the borrower, a photo and the loan or payment it is
 * about, none of which a feedback message has. The text is encrypted (DataCipher field `complaints.text`, registered in
 * security/encrypted-columns.ts): borrowers write account numbers, amounts and names in it. The photo is in the
 * encrypted file store under `photo_key`, never in the database.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: text('id').primaryKey(),
    /** What the borrower quotes on the phone or by e-mail (KP-xxxxxxx). */
    caseNumber: text('case_number').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** complaints/complaint-rules.ts COMPLAINT_CATEGORIES. */
    category: text('category').notNull(),
    textEnc: text('text_enc').notNull(),
    /** The borrower's own loan or payment it is about, when they named one. */
    loanId: text('loan_id').references(() => loans.id),
    paymentId: text('payment_id').references(() => payments.id),
    /** A collection contact it is about: the case is then flagged for compliance (the collector's conduct). */
    contactId: text('contact_id').references(() => collectionContacts.id),
    photoKey: text('photo_key'),
    /** complaints/complaint-rules.ts COMPLAINT_STATUSES. */
    status: text('status').notNull(),
    /** The language it was filed in: every SMS about it is in it. */
    locale: text('locale').notNull(),
    /** The Jakarta deadline set at filing, kept when an extension moves `answer_by`. */
    firstAnswerBy: date('first_answer_by', { mode: 'string' }).notNull(),
    answerBy: date('answer_by', { mode: 'string' }).notNull(),
    extendedAt: at('extended_at'),
    /** Told to the borrower by SMS and in the app. */
    extensionReason: text('extension_reason'),
    /** The first answer: when the promise was kept. */
    answeredAt: at('answered_at'),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('complaints_case_number').on(t.caseNumber),
    index('complaints_user_time').on(t.userId, t.createdAt),
    // The desk's queue: the waiting ones by deadline.
    index('complaints_queue').on(t.status, t.answerBy),
  ],
);

/**
 * What happened to a case: its filing, then every staff step (taken up, answered, extended, closed) with its text as
 * the borrower reads it. `position` orders them within the case (steps are written under the case's row lock), since
 * two may share an instant.
 */
export const complaintEvents = pgTable(
  'complaint_events',
  {
    id: text('id').primaryKey(),
    complaintId: text('complaint_id')
      .notNull()
      .references(() => complaints.id),
    position: integer('position').notNull(),
    /** complaints/complaint-rules.ts COMPLAINT_EVENT_KINDS. */
    kind: text('kind').notNull(),
    /** An answer, an extension's reason or a closing note; null for filing and taking up. */
    text: text('text'),
    /** The deadline a filing or an extension set. */
    answerBy: date('answer_by', { mode: 'string' }),
    staffId: text('staff_id').references(() => staff.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('complaint_events_position').on(t.complaintId, t.position)],
);

export type ComplaintRow = typeof complaints.$inferSelect;
export type NewComplaint = typeof complaints.$inferInsert;
export type ComplaintEventRow = typeof complaintEvents.$inferSelect;
