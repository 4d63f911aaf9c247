import { sql } from 'drizzle-orm';
import { date, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Components } from '@kaskita/domain/lifecycle/loan-account';
import { ZERO_RUPIAH } from '@kaskita/domain/money/rupiah';
import { at, createdAt, money } from '../../db/columns.ts';
import { loans } from '../loans/loan-orders-schema.ts';
import { users } from '../user/user-schema.ts';

/**
 * A payment code issued to a borrower: a virtual account or a store code for one exact amount until it expires. Its
 * id is the external id the gateway knows, so a payment's callback names it. `status` is 'active' until a payment
 * into it is applied ('paid'); an active code past `expires_at` is shown as expired without a job.
 */
export const paymentCodes = pgTable(
  'payment_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    loanId: text('loan_id')
      .notNull()
      .references(() => loans.id),
    channelId: text('channel_id').notNull(),
    provider: text('provider').notNull(),
    /**
     * The virtual account number, Mandiri's bill key, the store's payment code, the QRIS code's text, the e-wallet's
     * checkout link (DANA, ShopeePay) or the masked phone an OVO request went to.
     */
    number: text('number').notNull(),
    billerCode: text('biller_code'),
    /** OVO: a keyed hash of the wallet's phone (lookup-hasher.ts), so a request to another phone is another charge. */
    payerKey: text('payer_key'),
    amount: money('amount').notNull(),
    /** 'instalment' | 'due' | 'settlement' (contract/repayments.ts). */
    repaymentType: text('repayment_type').notNull(),
    billNumber: smallint('bill_number'),
    /** The business date the amount was computed for. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    /** 'active' | 'paid' | 'failed' (an e-wallet charge declined or refused: nothing was taken). */
    status: text('status').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('payment_codes_loan').on(t.loanId, t.status)],
);

/**
 * A payment code being asked of the gateway right now: one row per request (loan, type, bill, channel and amount in
 * `key`), so identical requests arriving together make one gateway call and one code. The row is taken before the
 * call and removed with the code's insert, or when the call fails; no database lock is held during the network call.
 * `lease_until` (the gateway's time-out and a margin) frees the row of a process that died mid-call.
 */
export const paymentCodeClaims = pgTable('payment_code_claims', {
  key: text('key').primaryKey(),
  loanId: text('loan_id')
    .notNull()
    .references(() => loans.id),
  /** Which request holds it: only that one stores the code and releases the row. */
  token: text('token').notNull(),
  leaseUntil: at('lease_until').notNull(),
  createdAt: createdAt(),
});

/** What one payment paid, component by component (the engine's allocation, summed). */
export type PaidComponents = Components;

/**
 * Every payment a gateway reported, once (unique on the gateway's payment id): 'applied' to a loan through the engine,
 * or 'review' when it could not be (a code unknown or expired, a loan already settled) — recorded and acknowledged,
 * never dropped; the back office resolves it. The applied row is the borrower's receipt.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    paymentCodeId: text('payment_code_id'),
    loanId: text('loan_id').references(() => loans.id),
    userId: text('user_id').references(() => users.id),
    channelId: text('channel_id'),
    amount: money('amount').notNull(),
    paidAt: at('paid_at').notNull(),
    /**
     * 'applied' | 'review' | 'returning' (staff chose to pay it back: a refund row of this payment is under way) |
     * 'returned' (that refund arrived). A refund that staff cancel puts it back in 'review'.
     */
    status: text('status').notNull(),
    /** Why it waits for review: 'unknown_code' | 'expired_code' | 'code_used' | 'loan_closed'. */
    reviewReason: text('review_reason'),
    paid: jsonb('paid').$type<PaidComponents>(),
    creditAdded: money('credit_added').notNull().default(ZERO_RUPIAH),
    /**
     * What the borrower's held credit paid alongside this payment, component by component (null: none, or a row
     * from before it was recorded). Not part of `amount`: the receipt shows it so its components add up.
     */
    paidWithCredit: jsonb('paid_with_credit').$type<PaidComponents>(),
    /** What the loan still asked right after this payment. */
    remaining: money('remaining'),
    billsPaid: jsonb('bills_paid').$type<number[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment').on(t.provider, t.providerPaymentId),
    index('payments_user_time').on(t.userId, t.paidAt),
    // The back office's payments to resolve, oldest first.
    index('payments_review')
      .on(t.createdAt)
      .where(sql`status = 'review'`),
  ],
);

export type PaymentCodeRow = typeof paymentCodes.$inferSelect;
export type PaymentCodeClaimRow = typeof paymentCodeClaims.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = 'applied' | 'review' | 'returning' | 'returned';
