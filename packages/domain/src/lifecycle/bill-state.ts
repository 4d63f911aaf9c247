/**
 * The state machine of one bill (instalment).
 *
 * Partial payments do not change a bill's state: a bill is `pending` until its due date passes unpaid
 * (`overdue`), and leaves either state only when nothing remains (`paid`) or when the loan is written
 * off. The amounts tell how much is paid; the state tells what the borrower and collection see.
 */

/** States of a bill. */
export type BillState = 'pending' | 'overdue' | 'paid' | 'written-off';
/** Events that move a bill. */
export type BillEvent = 'fall-due' | 'pay-off' | 'write-off' | 'rewind' | 'defer';

const TRANSITIONS: Readonly<Record<BillState, Partial<Record<BillEvent, BillState>>>> = {
  pending: { 'fall-due': 'overdue', 'pay-off': 'paid', 'write-off': 'written-off' },
  // A payment made on or before the due date but reported after the bill fell due takes the fall back (rewind); relief
  // that moves the due date past today makes the bill not yet due (defer).
  overdue: { 'pay-off': 'paid', 'write-off': 'written-off', rewind: 'pending', defer: 'pending' },
  paid: {},
  'written-off': {},
};

/** Thrown for a transition the state machine does not allow. */
export class IllegalTransitionError extends Error {
  override readonly name = 'IllegalTransitionError';
  constructor(
    readonly machine: 'bill' | 'loan',
    readonly from: string,
    readonly event: string,
  ) {
    super(`illegal ${machine} transition: ${event} from ${from}`);
  }
}

/**
 * The state after `event`.
 * @throws IllegalTransitionError when `event` is not allowed in `state` (e.g. paying a paid bill).
 */
export function transitionBill(state: BillState, event: BillEvent): BillState {
  const next = TRANSITIONS[state][event];
  if (!next) throw new IllegalTransitionError('bill', state, event);
  return next;
}
