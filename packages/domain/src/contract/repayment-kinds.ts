// zod-free, so the bills pages can name a repayment's kind without loading the contract's schemas (issue 23).

export const REPAYMENT_TYPES = ['instalment', 'due', 'settlement'] as const;
export type RepaymentType = (typeof REPAYMENT_TYPES)[number];

export const REPAY_RECORD_STATUSES = ['applied', 'review', 'returning', 'returned'] as const;

/** Spec section 4's history groups. */
export const LOAN_HISTORY_GROUPS = [
  'overdue',
  'failed',
  'awaiting',
  'not_paid',
  'paid_off',
  'cancelled',
] as const;
export type LoanHistoryGroup = (typeof LOAN_HISTORY_GROUPS)[number];
