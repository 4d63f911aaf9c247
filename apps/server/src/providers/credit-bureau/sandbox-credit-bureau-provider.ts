import type {
  BureauLoan,
  CreditBureauProvider,
  CreditBureauPurpose,
  CreditBureauReport,
} from './credit-bureau-provider.ts';

const outstanding = (platformId: string, amount: number): BureauLoan => ({
  platformId,
  status: 'outstanding',
  quality: 'current',
  outstanding: amount,
  daysPastDue: 0,
  maxDaysPastDue: 0,
});

/**
 * Test NIKs (16 digits, a real region and birth date format, fictitious people) and what the sandbox answers for
 * each. Any other well-formed NIK is unknown to the bureau (a first-time borrower). Documented in providers/README.md.
 */
export const SANDBOX_BUREAU_NIKS = {
  /** One loan on another platform, paid on time. */
  oneCurrentLoan: '3171010101900001',
  /** Loans on three other platforms: the OJK limit, so a fourth is refused. */
  threePlatforms: '3171010101900002',
  /** A loan 120 days late (macet) and one written off. */
  delinquent: '3171010101900003',
  /** Only paid-off loans: known to the bureau, nothing outstanding. */
  paidOff: '3171010101900004',
} as const;

const REPORTS: Record<string, BureauLoan[]> = {
  [SANDBOX_BUREAU_NIKS.oneCurrentLoan]: [outstanding('810001', 1_500_000)],
  [SANDBOX_BUREAU_NIKS.threePlatforms]: [
    outstanding('810001', 1_000_000),
    outstanding('810002', 2_000_000),
    outstanding('810003', 500_000),
  ],
  [SANDBOX_BUREAU_NIKS.delinquent]: [
    { ...outstanding('810001', 2_400_000), quality: 'loss', daysPastDue: 120, maxDaysPastDue: 120 },
    {
      ...outstanding('810004', 0),
      status: 'written_off',
      quality: 'loss',
      daysPastDue: 0,
      maxDaysPastDue: 200,
    },
  ],
  [SANDBOX_BUREAU_NIKS.paidOff]: [{ ...outstanding('810002', 0), status: 'paid_off', maxDaysPastDue: 3 }],
};

/** The Fintech Data Center's sandbox stand-in: deterministic answers for the test NIKs above. Never in production. */
export class SandboxCreditBureauProvider implements CreditBureauProvider {
  readonly kind = 'credit-bureau';
  readonly name = 'sandbox';
  readonly sandbox = true;

  async lookup({ nik }: { nik: string; purpose: CreditBureauPurpose }): Promise<CreditBureauReport> {
    // The real bureau refuses a malformed NIK; so does the sandbox, so callers validate first.
    if (!/^\d{16}$/.test(nik)) throw new TypeError('credit bureau lookup needs a 16-digit NIK');
    const loans = REPORTS[nik];
    return loans ? { found: true, loans: loans.map((loan) => ({ ...loan })) } : { found: false, loans: [] };
  }
}
