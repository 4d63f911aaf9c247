import { VERIFY } from '../contract/user.ts';
import type { LoanState } from '../lifecycle/loan-state.ts';
import { maxRupiah, subtractRupiah, ZERO_RUPIAH, type Rupiah } from '../money/rupiah.ts';

/** States of an open loan whose borrower is behind on it: while one is open nothing is available to borrow. */
export const ARREARS_STATES = ['overdue', 'written-off'] as const satisfies readonly LoanState[];

/**
 * What a borrower may still borrow: the approved limit less the principal their open loans have not yet repaid, never
 * below zero (a limit lowered under what is already lent leaves nothing, not a debt), and nothing while their open
 * loan (`openLoan`, the state of the one they have) is in arrears: showing an amount then would offer what is refused.
 */
export function availableLimit(limit: Rupiah, used: Rupiah, openLoan?: string | null): Rupiah {
  if (openLoan && (ARREARS_STATES as readonly string[]).includes(openLoan)) return ZERO_RUPIAH;
  return maxRupiah(ZERO_RUPIAH, subtractRupiah(limit, used));
}

/**
 * The approved limit: the latest application's limit when it was approved and the borrower still is, else 0 (a
 * borrower whose standing changed since, or whose latest application is pending or refused, has nothing to borrow).
 */
export function approvedLimitOf(
  verify: number,
  latestApplication: { state: string; limitAmount: Rupiah | null } | null | undefined,
): Rupiah {
  if (verify !== VERIFY.APPROVED || latestApplication?.state !== 'approved') return ZERO_RUPIAH;
  return latestApplication.limitAmount ?? ZERO_RUPIAH;
}
