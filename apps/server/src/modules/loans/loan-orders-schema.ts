import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LateFeeRun } from '@kaskita/domain/lifecycle/loan-account';
import { ZERO_RUPIAH } from '@kaskita/domain/money/rupiah';
import type { Plan } from '@kaskita/domain/pricing/plan';
import type { LoanProduct } from '@kaskita/domain/pricing/product';
import { at, createdAt, key, money } from '../../db/columns.ts';
import { bankAccounts } from '../bank-cards/bank-cards-schema.ts';
import { users } from '../user/user-schema.ts';

/**
 * One loan order and, once disbursed, the loan: a row per order from acceptance to the end. `state` is the engine's
 * loan state (lifecycle/loan-state.ts) and only changes through its state machine. `plan` is what the borrower
 * accepted; `account` the loan account from the disbursement on (the engine's, re-planned from the disbursement
 * date). One open loan per borrower is a unique partial index, so two racing orders cannot both be inserted.
 */
export const loans = pgTable(
  'loans',
  {
    id: key('id').primaryKey(),
    userId: key('user_id')
      .notNull()
      .references(() => users.id),
    /** The client's order token or Idempotency-Key: a repeated request finds this row. */
    idempotencyKey: key('idempotency_key').notNull(),
    state: key('state').notNull(),
    productId: key('product_id').notNull(),
    /** The product as it was when ordered: the engine re-plans from it at disbursement. */
    product: jsonb('product').$type<LoanProduct>().notNull(),
    amount: money('amount').notNull(),
    amountReceived: money('amount_received').notNull(),
    period: text('period').notNull(),
    purposeId: integer('purpose_id').notNull(),
    plan: jsonb('plan').$type<Plan>().notNull(),
    /** stored-loan-account.ts encodes it (the engine's exact rates hold bigints) and decodes it. */
    account: jsonb('account'),
    /** The card the money goes to (the default card when ordered, or the one bank_patch chose). */
    bankAccountId: text('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    /** 1 when the bank refused the account (spec: loan_fail_status). */
    failStatus: smallint('fail_status').notNull().default(0),
    failureReason: text('failure_reason'),
    agreementVersion: text('agreement_version').notNull(),
    agreementSha256: text('agreement_sha256').notNull(),
    acceptedAt: at('accepted_at').notNull(),
    acceptedIp: text('accepted_ip').notNull(),
    locale: text('locale').notNull(),
    disbursedOn: date('disbursed_on', { mode: 'string' }),
    /** The account's `asOf`: the business date its accruals are done through. */
    accruedThrough: date('accrued_through', { mode: 'string' }),
    /**
     * The engine's `nextAccrualDate` of the account: the first day on which the daily accrual has something to write
     * (a bill falls due, a late fee accrues, a month's income is recognised). The job reads only the loans whose day
     * has come; null when nothing accrues any more.
     */
    nextAccrualOn: date('next_accrual_on', { mode: 'string' }),
    /**
     * The account's `credit`: money held for the borrower. The nightly accrual's set-based pass takes only the loans
     * holding none, found by this column without reading each account.
     */
    heldCredit: money('held_credit').notNull().default(ZERO_RUPIAH),
    // The account's late-fee terms, copied for the nightly accrual's statement (accrual-in-sql.ts), which reads them
    // here rather than from the account's JSON (~60 ms of a 1,000-loan batch's 230). Null before the disbursement.
    lateFeeBase: text('late_fee_base'),
    /** The account's daily late fee, an exact fraction of `late_fee_base`: numerator and denominator. */
    dailyLateFeeNum: numeric('daily_late_fee_num'),
    dailyLateFeeDen: numeric('daily_late_fee_den'),
    lateFeeCeiling: money('late_fee_ceiling'),
    disputedSince: date('disputed_since', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('loans_idempotency').on(t.userId, t.idempotencyKey),
    uniqueIndex('loans_one_open')
      .on(t.userId)
      .where(
        sql`${t.state} in ('awaiting-disbursement', 'disbursement-failed', 'active', 'overdue', 'written-off')`,
      ),
    index('loans_next_accrual')
      .on(t.nextAccrualOn)
      .where(sql`${t.state} in ('active', 'overdue')`),
    // The back office's loan book (modules/reporting): its sorts, its filters, and the export's keyset order.
    index('loans_created').on(t.createdAt, t.id),
    index('loans_disbursed_on').on(t.disbursedOn, t.id),
    index('loans_state_created').on(t.state, t.createdAt, t.id),
    index('loans_state_disbursed').on(t.state, t.disbursedOn, t.id),
    index('loans_amount').on(t.amount, t.id),
    index('loans_product_created').on(t.productId, t.createdAt, t.id),
  ],
);

/**
 * The bills (instalments) of a disbursed loan, written from its account in the same transaction. What the nightly
 * accrual moves lives here and nowhere else: each bill's state, late fee, the days its late fee runs through and how
 * it grew, and the income recognised on it (with the loan's state and `accrued_through`): the accrual's statement
 * (accrual-in-sql.ts) writes these narrow rows, not the loan's JSON account, which leaves them out and has them put
 * back when read (stored-loan-account.ts). The other figures are copies of the account's, for that statement and the
 * book's queries.
 */
export const loanBills = pgTable(
  'loan_bills',
  {
    loanId: key('loan_id')
      .notNull()
      .references(() => loans.id),
    number: smallint('number').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    fee: money('fee').notNull(),
    lateFee: money('late_fee').notNull(),
    paid: money('paid').notNull(),
    /** The engine's bill state (lifecycle/bill-state.ts). */
    state: key('state').notNull(),
    /** Calendar days of the period, and the plan's interest and fee: what income per day of use is measured against. */
    days: smallint('days').notNull(),
    contractInterest: money('contract_interest').notNull(),
    contractFee: money('contract_fee').notNull(),
    /** Charges of principal a merchant took back, earned whatever the date; null when nothing was returned. */
    returnedInterest: money('returned_interest'),
    returnedFee: money('returned_fee'),
    /** What is still owed of each component: due less paid, waived and written off (the late fee's base). */
    unpaidPrincipal: money('unpaid_principal').notNull(),
    unpaidInterest: money('unpaid_interest').notNull(),
    unpaidFee: money('unpaid_fee').notNull(),
    /** Interest and fee recognised as income so far. */
    recognizedInterest: money('recognized_interest').notNull(),
    recognizedFee: money('recognized_fee').notNull(),
    /** Late fees are accrued for every day up to and including this date. */
    lateFeeThrough: date('late_fee_through', { mode: 'string' }).notNull(),
    /** The engine's `lateFeeRuns` (how the late fee grew); null on a bill stored before they were kept. */
    lateFeeRuns: jsonb('late_fee_runs').$type<readonly LateFeeRun[]>(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    // The key is the only index, and the table keeps a quarter of each page free (migration 0051): a night's update
    // (a late fee, income recognised, a bill going overdue) changes no indexed column, so PostgreSQL writes it beside
    // the old version on its page (a HOT update) without touching any index. A loan's bills, and the loan book's
    // unpaid ones (modules/reporting), are found through the key's loan_id prefix: a loan has at most a few dozen.
    primaryKey({ columns: [t.loanId, t.number] }),
  ],
);

/**
 * Each try to send a loan's money. The id is the external id the provider sees: a retried request with the same id
 * never pays twice. At most one try is in flight per loan (unique partial index); the row keeps the bank details it
 * was sent to (the number encrypted), since the borrower may change cards later.
 */
export const disbursements = pgTable(
  'disbursements',
  {
    id: text('id').primaryKey(),
    loanId: text('loan_id')
      .notNull()
      .references(() => loans.id),
    bankAccountId: text('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    amount: money('amount').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    /**
     * 'queued' (not yet sent: the borrower may still cancel) | 'sending' (the job is asking the provider) | 'pending'
     * (the provider holds it) | 'completed' | 'failed' | 'cancelled'.
     */
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    index('disbursements_loan').on(t.loanId),
    uniqueIndex('disbursements_one_in_flight')
      .on(t.loanId)
      .where(sql`${t.status} in ('queued', 'sending', 'pending')`),
  ],
);

export type LoanRow = typeof loans.$inferSelect;
export type DisbursementRow = typeof disbursements.$inferSelect;
