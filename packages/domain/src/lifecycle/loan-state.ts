/**
 * The state machine of a loan, and how its states map onto the spec's `bill_status` (0-4) and the
 * loan-history groups of the app.
 */
import type { LoanHistoryGroup } from '../contract/repayments.ts';
import { BILL_STATUS } from '../contract/user.ts';
import { IllegalTransitionError } from './bill-state.ts';

/** States of a loan. */
export const LOAN_STATES = [
  'awaiting-disbursement',
  'disbursement-failed',
  'cancelled',
  'active',
  'overdue',
  'paid-off',
  'written-off',
] as const;
export type LoanState = (typeof LOAN_STATES)[number];

/** States in which a loan is open (money owed or on its way): the borrower may not take another. */
export const OPEN_LOAN_STATES = [
  'awaiting-disbursement',
  'disbursement-failed',
  'active',
  'overdue',
  'written-off',
] as const satisfies readonly LoanState[];

/** Events that move a loan. */
export type LoanEvent =
  | 'disburse'
  | 'fail-disbursement'
  | 'resubmit'
  | 'cancel'
  | 'fall-overdue'
  | 'cure'
  | 'pay-off'
  | 'write-off';

const TRANSITIONS: Readonly<Record<LoanState, Partial<Record<LoanEvent, LoanState>>>> = {
  'awaiting-disbursement': {
    disburse: 'active',
    'fail-disbursement': 'disbursement-failed',
    cancel: 'cancelled',
  },
  // A bank-account mismatch interrupts the loan; the borrower fixes the account and resubmits.
  'disbursement-failed': { resubmit: 'awaiting-disbursement', cancel: 'cancelled' },
  cancelled: {},
  active: { 'fall-overdue': 'overdue', 'pay-off': 'paid-off' },
  overdue: { cure: 'active', 'pay-off': 'paid-off', 'write-off': 'written-off' },
  'paid-off': {},
  // Terminal until recovery accounting exists: allocatePayment refuses payments on a written-off loan,
  // so it can never be paid off.
  'written-off': {},
};

/**
 * The state after `event`.
 * @throws IllegalTransitionError when not allowed (e.g. disbursing a paid-off loan).
 */
export function transitionLoan(state: LoanState, event: LoanEvent): LoanState {
  const next = TRANSITIONS[state][event];
  if (!next) throw new IllegalTransitionError('loan', state, event);
  return next;
}

/** A spec `bill_status` value (0-4, see {@link BILL_STATUS}). */
export type BillStatus = (typeof BILL_STATUS)[keyof typeof BILL_STATUS];

/**
 * The spec's `bill_status` for the user's current loan (`null`: no loan): 0 loan-product (none or
 * cancelled), 1 loaning (awaiting disbursement), 2 pay-back (money owed), 3 loan-product (paid off),
 * 4 failure modal (disbursement failed; the app then offers add-bank).
 */
export function billStatusOf(state: LoanState | null): BillStatus {
  switch (state) {
    case null:
    case 'cancelled':
      return BILL_STATUS.NONE;
    case 'awaiting-disbursement':
      return BILL_STATUS.LOANING;
    case 'active':
    case 'overdue':
    case 'written-off':
      return BILL_STATUS.REPAYING;
    case 'paid-off':
      return BILL_STATUS.SETTLED;
    case 'disbursement-failed':
      return BILL_STATUS.FAILED;
  }
}

/**
 * The history group a loan is listed under (GET /v1/order/loan_records; spec section 4's groups, and the contract's
 * `cancelled`): a cancelled loan is its own group (the borrower cancelled before any money was sent; nothing is
 * owed), not `failed`, whose page asks the borrower to correct the bank account for a disbursement that failed. A
 * loan not yet paid off is `overdue` when one of its bills is late today (`hasLateBill`), whatever its stored state.
 */
export function historyGroupOf(state: LoanState, hasLateBill: boolean): LoanHistoryGroup {
  if (state === 'paid-off') return 'paid_off';
  if (state === 'cancelled') return 'cancelled';
  if (state === 'disbursement-failed') return 'failed';
  if (state === 'awaiting-disbursement') return 'awaiting';
  return hasLateBill || state === 'overdue' || state === 'written-off' ? 'overdue' : 'not_paid';
}
