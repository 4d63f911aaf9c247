/**
 * Money the borrower already paid (an overpayment, a rebate of charges) pays their bills as they fall due, on the due
 * date itself, so nothing is ever late while credit is held. The accrual calls this for each due date it crosses.
 */
import { subtractRupiah, ZERO_RUPIAH } from '../money/rupiah.ts';
import type { BusinessDate } from '../pricing/business-date.ts';
import { allocateToBills, DEFAULT_ALLOCATION_ORDER, heldCreditEntry, nextState } from './bill-allocation.ts';
import { isRepaying, withEntries, type Loan } from './loan-account.ts';
import { closeIfCovered } from './rebate.ts';

/**
 * Spends the credit held on the bills due on or before `day` (the loan already accrued to `day`). When the credit
 * covers the whole payoff that day, the loan closes at the price of the days used, as a payment of that size would
 * close it; what is left stays as credit (to be refunded).
 */
export function spendHeldCredit(loan: Loan, day: BusinessDate): Loan {
  if (loan.credit === 0 || !isRepaying(loan)) return loan;
  const { loan: base, closing } = closeIfCovered(loan, ZERO_RUPIAH, day);
  const spread = allocateToBills(
    base.instalments,
    { credit: base.credit, amount: ZERO_RUPIAH },
    day,
    DEFAULT_ALLOCATION_ORDER,
    closing ? 'all' : 'due',
  );
  if (spread.lines.length === 0) return loan;
  return {
    ...base,
    instalments: spread.instalments,
    credit: spread.creditLeft,
    state: nextState(base.state, spread.instalments),
    journal: withEntries(base.journal, [
      heldCreditEntry(
        day,
        spread.lines,
        subtractRupiah(base.credit, spread.creditLeft),
        `held credit applied on the due date ${day}`,
      ),
    ]),
  };
}
