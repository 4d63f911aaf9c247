/**
 * The state machine of a loan, and how its states map onto the spec's `bill_status` (0-4) and the
 * loan-history groups of the app.
 */
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

/** True when `event` is allowed in `state`. */
export function canTransitionLoan(state: LoanState, event: LoanEvent): boolean {
  return TRANSITIONS[state][event] !== undefined;
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

/** The loan-history groups of the app. */
export type LoanHistoryGroup = 'overdue' | 'failed' | 'awaiting-disbursement' | 'paid-off' | 'not-paid';

/** The history group a loan is listed under (cancelled and failed applications both show as failed). */
export function historyGroupOf(state: LoanState): LoanHistoryGroup {
  switch (state) {
    case 'overdue':
    case 'written-off':
      return 'overdue';
    case 'disbursement-failed':
    case 'cancelled':
      return 'failed';
    case 'awaiting-disbursement':
      return 'awaiting-disbursement';
    case 'paid-off':
      return 'paid-off';
    case 'active':
      return 'not-paid';
  }
}
