/**
 * Products that were offered before the regulatory caps and must never be offered today. They exist so
 * that historic figures (the seed's landing sample) stay reproducible and so that tests can prove the
 * caps refuse them.
 */
import { parseProduct, type LoanProduct } from './product.ts';

/**
 * The seed's landing-page sample: 3,000,000 over 3 months gives interest and fees of 886,302, an
 * instalment of 1,295,434 and a total of 3,886,302. It is a flat 0.32826 % per day on principal over
 * three 30-day months (3,000,000 × 0.0032826 × 90 = 886,302 exactly), valid only in 2023.
 */
export const legacyLandingProduct: LoanProduct = parseProduct({
  id: 'legacy-landing-2023',
  name: 'Pinjaman tunai (legacy 2023 landing sample)',
  kind: 'cash-loan',
  purpose: 'consumptive',
  validFrom: '2023-01-01',
  validTo: '2023-12-31',
  amount: { min: 400_000, max: 30_000_000, step: 100_000 },
  tenors: [{ unit: 'month', length: 3, instalments: 3 }],
  pricing: {
    interest: '0.32826',
    serviceFee: '0',
    originationFee: { percent: '0', fixed: 0 },
    lateFee: { daily: '0.3', base: 'overdue-instalment' },
  },
  interestMethod: 'flat',
  dayCount: '30-day-month',
  rounding: 'half-up',
});
