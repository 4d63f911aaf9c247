// zod-free, so the texts of the validation messages (i18n/validation-messages.ts) load on the borrowing pages without
// the profile forms' schemas (issue 23). test/validation/amount-limits.test.ts holds these to the cash loan product.

import { rupiah } from '../money/rupiah.ts';

/** Limits of spec section 5 and 9. */
export const AMOUNT_LIMITS = {
  /** Monthly income and spending. */
  money: { min: 10_000, max: 100_000_000 },
  /**
   * The limit and the months a borrower hopes for: what the cash loan offers (pricing/default-products.ts), never a
   * range it cannot lend; its longest tenor in whole months (a 30-day tenor counts as one).
   */
  expectedAmount: { min: rupiah(400_000), max: rupiah(30_000_000) },
  expectedPeriod: { min: 1, max: 6 },
  /** Lending platforms used besides us: the law allows 3 in all, so 3 already rules a borrower out. */
  otherPlatforms: { min: 0, max: 20 },
  salaryDay: { min: 1, max: 31 },
} as const;
