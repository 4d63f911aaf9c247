/**
 * The products seeded for the app. Each complies with the caps in force from 1 January 2026 on the
 * strict reading (consumptive economic benefit ≤ 0.1 % per day, late fee ≤ 0.1 % per day); the tests in
 * `test/pricing/default-products.test.ts` prove it.
 *
 * The spec's landing copy ("daily interest from 0.03 %") is honoured by the cash loan's interest rate;
 * its other historic figures (service fee 0.26 %, late fee 0.30 %, total 0.39 %) exceed today's caps
 * and are deliberately not used.
 */
import { parseProduct, type LoanProduct } from './product.ts';

/** Cash loan: 400,000-30,000,000 in steps of 100,000; 14 or 30 days, or 2-6 monthly instalments. */
export const cashLoanProduct: LoanProduct = parseProduct({
  id: 'cash-loan',
  name: 'Pinjaman tunai',
  kind: 'cash-loan',
  purpose: 'consumptive',
  validFrom: '2026-01-01',
  amount: { min: 400_000, max: 30_000_000, step: 100_000 },
  tenors: [
    { unit: 'day', length: 14, instalments: 1 },
    { unit: 'day', length: 30, instalments: 1 },
    { unit: 'month', length: 2, instalments: 2 },
    { unit: 'month', length: 3, instalments: 3 },
    { unit: 'month', length: 4, instalments: 4 },
    { unit: 'month', length: 5, instalments: 5 },
    { unit: 'month', length: 6, instalments: 6 },
  ],
  pricing: {
    interest: '0.03',
    serviceFee: '0.07',
    originationFee: { percent: '0', fixed: 0 },
    lateFee: { daily: '0.1', base: 'overdue-principal' },
  },
  interestMethod: 'flat',
  dayCount: 'actual',
  rounding: 'half-up',
});

/** Pay-later: purchases of 50,000-20,000,000 rupiah, 30 days or 3-6 monthly instalments. */
export const payLaterProduct: LoanProduct = parseProduct({
  id: 'pay-later',
  name: 'Bayar nanti',
  kind: 'pay-later',
  purpose: 'consumptive',
  validFrom: '2026-01-01',
  amount: { min: 50_000, max: 20_000_000, step: 1 },
  tenors: [
    { unit: 'day', length: 30, instalments: 1 },
    { unit: 'month', length: 3, instalments: 3 },
    { unit: 'month', length: 4, instalments: 4 },
    { unit: 'month', length: 5, instalments: 5 },
    { unit: 'month', length: 6, instalments: 6 },
  ],
  pricing: {
    interest: '0.05',
    serviceFee: '0.05',
    originationFee: { percent: '0', fixed: 0 },
    lateFee: { daily: '0.1', base: 'overdue-principal' },
  },
  interestMethod: 'declining-equal-instalments',
  dayCount: 'actual',
  // Any rupiah amount is possible here, so charges round down: a plan can then never exceed the cap.
  rounding: 'down',
});

/** Pay-later free-interest variant (the `*_free` calls): no interest, a small service fee. */
export const payLaterFreeInterestProduct: LoanProduct = parseProduct({
  ...payLaterProduct,
  id: 'pay-later-free-interest',
  name: 'Bayar nanti bebas bunga',
  tenors: [
    { unit: 'day', length: 30, instalments: 1 },
    { unit: 'month', length: 3, instalments: 3 },
  ],
  pricing: { ...payLaterProduct.pricing, interest: '0', serviceFee: '0.03' },
  freeInterest: true,
});

/** Every product seeded for the app. */
export const defaultProducts: readonly LoanProduct[] = [
  cashLoanProduct,
  payLaterProduct,
  payLaterFreeInterestProduct,
];
