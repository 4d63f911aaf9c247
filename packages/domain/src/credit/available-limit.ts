import { maxRupiah, subtractRupiah, ZERO_RUPIAH, type Rupiah } from '../money/rupiah.ts';

/**
 * What a borrower may still borrow: the approved limit less the principal their open loans have not yet repaid, never
 * below zero (a limit lowered under what is already lent leaves nothing, not a debt).
 */
export function availableLimit(limit: Rupiah, used: Rupiah): Rupiah {
  return maxRupiah(ZERO_RUPIAH, subtractRupiah(limit, used));
}
