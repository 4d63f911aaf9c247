import { z } from 'zod';
import { LOAN_STATES } from '../lifecycle/loan-state.ts';
import { rupiahSchema, signedRupiahSchema } from '../money/rupiah-schema.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageQuerySchema, pageSchema } from './admin-paging.ts';
import { optionalText } from './auth.ts';
import { defineCall } from './define-call.ts';

/** Days past due, counted from the oldest unpaid bill's due date: the buckets collection and OJK reporting use. */
export const DPD_BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const;
export type DpdBucket = (typeof DPD_BUCKETS)[number];

/** The bucket of a number of days past due; null when nothing is late. */
export function dpdBucketOf(dpd: number): DpdBucket | null {
  if (dpd <= 0) return null;
  if (dpd <= 30) return '1-30';
  if (dpd <= 60) return '31-60';
  if (dpd <= 90) return '61-90';
  return '90+';
}

/** A loan book page is at most this many rows; the CSV export at most LOAN_EXPORT_MAX_ROWS. */
export const LOAN_PAGE_SIZE = 50;
export const LOAN_EXPORT_MAX_ROWS = 100_000;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date.invalid' });
const count = z.number().int().nonnegative();

const bucketFigureSchema = z.object({
  bucket: z.enum(DPD_BUCKETS),
  loans: count,
  principal: rupiahSchema.describe('Principal still owed on those loans, whole rupiah.'),
});

/**
 * The platform's figures, computed in one pass over the loan book (the nightly job, or a staff member on demand) and
 * kept with the time they were computed. The landing page publishes a part of them.
 */
export const bookFiguresSchema = z.object({
  as_of: isoDate.describe('The business date (Asia/Jakarta) the figures were counted on.'),
  computed_at: z.iso.datetime(),
  applications_today: count,
  applications_approved_30d: count.describe('Decided in the 30 days to `as_of`: approved and rejected.'),
  applications_rejected_30d: count,
  approval_rate_percent: z
    .string()
    .nullable()
    .describe('approved / decided in the 30 days, percent with two decimals; null when none was decided.'),
  funds_disbursed: rupiahSchema.describe('Principal of every loan ever disbursed.'),
  disbursed_today: rupiahSchema,
  outstanding_principal: rupiahSchema.describe('Principal owed on loans being repaid (active, overdue).'),
  written_off_principal: rupiahSchema.describe(
    'Principal owed on written-off loans (counted as defaulted in TKB90).',
  ),
  loans_repaying: count,
  overdue: z.array(bucketFigureSchema),
  tkb90_percent: z
    .string()
    .describe(
      "100% minus the share of outstanding principal more than 90 days late or written off (OJK's TKB90).",
    ),
  borrowers: count.describe('Borrowers who ever received a loan.'),
  lenders: count
    .nullable()
    .describe(
      'Funders of the loans: the book records none (every loan is funded by the lender itself), so it is not counted.',
    ),
  disbursed_per_day: z
    .array(z.object({ date: isoDate, amount: rupiahSchema, loans: count }))
    .describe('Principal disbursed on each of the 30 days to `as_of`, oldest first.'),
});
export type BookFigures = z.infer<typeof bookFiguresSchema>;

const reasonSchema = z.string().trim().min(1).max(500);

/** The loan book's filters (a blank field means no filter on it): the list and the CSV export take the same. */
export const loanBookFilterSchema = z.object({
  state: optionalText(z.enum(LOAN_STATES)),
  dpd: optionalText(z.enum(DPD_BUCKETS)),
  product: optionalText(z.string().trim().max(64)),
  disbursed_from: optionalText(isoDate),
  disbursed_to: optionalText(isoDate),
});
export type LoanBookFilter = z.infer<typeof loanBookFilterSchema>;

export const LOAN_SORTS = ['disbursed_on', 'amount', 'created_at'] as const;

/**
 * The list's query: the back office's paging (contract/admin-paging.ts) with the book's filters. A page larger than
 * LOAN_PAGE_SIZE is cut to it rather than refused (the admin table offers 100).
 */
export const loanBookQuerySchema = pageQuerySchema(LOAN_SORTS).extend({
  ...loanBookFilterSchema.shape,
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .transform((n) => Math.min(n, LOAN_PAGE_SIZE)),
});
export type LoanBookQuery = z.infer<typeof loanBookQuerySchema>;

const loanRowSchema = z.object({
  id: z.string(),
  state: z.enum(LOAN_STATES),
  product_id: z.string(),
  amount: rupiahSchema,
  amount_received: rupiahSchema,
  period: z.string(),
  created_at: z.iso.datetime(),
  disbursed_on: isoDate.nullable(),
  borrower_name: z
    .string()
    .nullable()
    .describe('Masked: first letter of each word ("B*** S******"); null before the KTP step.'),
  borrower_phone: z.string().describe("Masked like the borrower's own account page shows it."),
  dpd: z.number().int().nonnegative(),
  dpd_bucket: z.enum(DPD_BUCKETS).nullable(),
  principal_outstanding: rupiahSchema,
  next_due_date: isoDate.nullable(),
});
export type LoanBookRow = z.infer<typeof loanRowSchema>;

const loanDetailSchema = z.object({
  loan: loanRowSchema.extend({
    fail_status: z.number().int(),
    failure_reason: z.string().nullable(),
    agreement_version: z.string(),
    accepted_at: z.iso.datetime(),
    accrued_through: isoDate.nullable(),
  }),
  schedule: z
    .array(
      z.object({
        number: z.number().int(),
        due_date: isoDate,
        principal: rupiahSchema,
        interest: rupiahSchema,
        fee: rupiahSchema,
        total: rupiahSchema,
      }),
    )
    .describe('The instalments the borrower accepted (the plan), as the engine planned them.'),
  bills: z.array(
    z.object({
      number: z.number().int(),
      period_start: isoDate,
      due_date: isoDate,
      principal: rupiahSchema,
      interest: rupiahSchema,
      fee: rupiahSchema,
      late_fee: rupiahSchema,
      paid: rupiahSchema,
      state: z.string(),
    }),
  ),
  ledger: z.array(
    z.object({
      entry_id: z.string(),
      business_date: isoDate,
      movement: z.string(),
      source: z.string(),
      lines: z.array(
        z.object({ account: z.string(), side: z.enum(['debit', 'credit']), amount: rupiahSchema }),
      ),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      channel_id: z.string().nullable(),
      amount: rupiahSchema,
      paid_at: z.iso.datetime(),
      status: z.string(),
      review_reason: z.string().nullable(),
      credit_applied: rupiahSchema.describe('Held credit spent with this payment.'),
      credit_added: rupiahSchema,
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.string(),
      amount: rupiahSchema,
      state: z.string(),
      created_at: z.iso.datetime(),
      completed_at: z.iso.datetime().nullable(),
    }),
  ),
  history: z
    .array(
      z.object({
        at: z.iso.datetime(),
        command: z.string(),
        actor_kind: z.string(),
        outcome: z.string(),
        state_before: z.string().nullable(),
        state_after: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    )
    .describe(
      "The commands that moved the loan (its audit rows), oldest first; the nightly accrual's moves are in the ledger.",
    ),
  held_credit: signedRupiahSchema.describe(
    'Credit held for the borrower on this loan (overpayments), from the ledger.',
  ),
});
export type LoanDetail = z.infer<typeof loanDetailSchema>;

/** The back office's dashboard and loan book (issue 25). */
export const adminBookCalls = {
  getDashboard: defineCall('getDashboard', {
    summary: 'Dashboard: the platform figures',
    description:
      'The latest figures computed from the loan book (the nightly job, or POST /admin/dashboard/compute), with ' +
      'their business date and time of computation; `figures` is null before the first computation.',
    tag: 'back-office',
    errors: [],
    response: z.object({
      figures: bookFiguresSchema.nullable(),
      holidays: z
        .object({
          covered_until: z
            .string()
            .nullable()
            .describe('31 December of the last year the holiday table lists.'),
          days_left: z.number().int().nullable(),
          renew: z
            .boolean()
            .describe(
              'Within 60 days of the end (or empty): add the next year (HOLIDAYS setting) before contact rules and working-day deadlines stop knowing the holidays.',
            ),
        })
        .describe("The national holiday table's coverage (collection/holidays.ts)."),
    }),
  }),
  computeDashboard: defineCall('computeDashboard', {
    summary: 'Compute the platform figures now',
    description:
      'Counts the figures from the loan book now and publishes them (the landing page shows them from then on), as ' +
      'an audited command with the reason typed.',
    tag: 'back-office',
    errors: [],
    body: z.object({ reason: reasonSchema }),
    response: z.object({ figures: bookFiguresSchema }),
  }),
  listLoans: defineCall('listLoans', {
    summary: 'The loan book',
    description:
      `Loans filtered by state, DPD bucket, product and disbursement date, sorted on the server, ${LOAN_PAGE_SIZE} ` +
      'rows a page at most. Borrower names and phones are masked.',
    tag: 'back-office',
    errors: [],
    query: loanBookQuerySchema,
    response: pageSchema(loanRowSchema).extend({
      page: z.number().int(),
      page_size: z.number().int(),
      as_of: isoDate.describe('The business date the days past due are counted on.'),
    }),
  }),
  getLoanDetail: defineCall('getLoanDetail', {
    summary: 'One loan of the book',
    description:
      'The loan with its schedule, bills, ledger lines, payments, refunds and the commands that moved it.',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: z.object({ id: z.string().min(1).max(64) }),
    response: loanDetailSchema,
  }),
};

/** The loan book as CSV (GET, same filters as listLoans; a download, not an envelope: see reporting-routes.ts). */
export const LOAN_EXPORT_PATH = '/admin/loans/export.csv';
