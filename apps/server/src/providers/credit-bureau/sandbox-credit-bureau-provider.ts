import { rupiah } from '@kaskita/domain/money/rupiah';
import {
  CreditBureauUnavailableError,
  type BureauLoan,
  type CreditBureauProvider,
  type CreditBureauPurpose,
  type CreditBureauReport,
} from './credit-bureau-provider.ts';

const outstanding = (platformId: string, amount: number): BureauLoan => ({
  platformId,
  status: 'outstanding',
  quality: 'current',
  outstanding: rupiah(amount),
  daysPastDue: 0,
  maxDaysPastDue: 0,
});

/**
 * The sandbox answers by a NIK's last four digits (its serial), whatever its region and birth date, so any valid NIK
 * can carry a test case (one NIK is one account: tests need many). A serial not listed is unknown to the bureau (a
 * first-time borrower, no loans). Serials 99xx are rare on real cards. Documented in providers/README.md.
 */
export const SANDBOX_BUREAU_SERIALS = {
  /** One loan on another platform, paid on time. */
  oneCurrentLoan: '9901',
  /** Loans on three other platforms: the OJK limit, so a fourth is refused. */
  threePlatforms: '9902',
  /** A loan 120 days late (macet) and one written off. */
  delinquent: '9903',
  /** Only paid-off loans: known to the bureau, nothing outstanding. */
  paidOff: '9904',
  /** Current loans on two other platforms: with us, three, still within the OJK limit. */
  twoPlatforms: '9905',
  /** The bureau does not answer (CreditBureauUnavailableError), every time. */
  unavailable: '9906',
} as const;

const REPORTS: Record<string, BureauLoan[]> = {
  [SANDBOX_BUREAU_SERIALS.oneCurrentLoan]: [outstanding('810001', 1_500_000)],
  [SANDBOX_BUREAU_SERIALS.threePlatforms]: [
    outstanding('810001', 1_000_000),
    outstanding('810002', 2_000_000),
    outstanding('810003', 500_000),
  ],
  [SANDBOX_BUREAU_SERIALS.delinquent]: [
    { ...outstanding('810001', 2_400_000), quality: 'loss', daysPastDue: 120, maxDaysPastDue: 120 },
    {
      ...outstanding('810004', 0),
      status: 'written_off',
      quality: 'loss',
      daysPastDue: 0,
      maxDaysPastDue: 200,
    },
  ],
  [SANDBOX_BUREAU_SERIALS.twoPlatforms]: [outstanding('810001', 800_000), outstanding('810005', 1_200_000)],
  [SANDBOX_BUREAU_SERIALS.paidOff]: [{ ...outstanding('810002', 0), status: 'paid_off', maxDaysPastDue: 3 }],
};

/** The Fintech Data Center's sandbox stand-in: deterministic answers by the serials above. Never in production. */
export class SandboxCreditBureauProvider implements CreditBureauProvider {
  readonly kind = 'credit-bureau';
  readonly name = 'sandbox';
  readonly sandbox = true;

  async lookup({ nik }: { nik: string; purpose: CreditBureauPurpose }): Promise<CreditBureauReport> {
    // The real bureau refuses a malformed NIK; so does the sandbox, so callers validate first.
    if (!/^\d{16}$/.test(nik)) throw new TypeError('credit bureau lookup needs a 16-digit NIK');
    const serial = nik.slice(-4);
    if (serial === SANDBOX_BUREAU_SERIALS.unavailable)
      throw new CreditBureauUnavailableError('sandbox: bureau down');
    const loans = REPORTS[serial];
    return loans ? { found: true, loans: loans.map((loan) => ({ ...loan })) } : { found: false, loans: [] };
  }
}
