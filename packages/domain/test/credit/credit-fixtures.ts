import type { CreditInputs } from '../../src/credit/credit-inputs.ts';
import { rupiah } from '../../src/money/rupiah.ts';
import type { BureauLoan } from '../../src/credit/bureau-report.ts';

/** A first-time borrower who passes every rule: 35, employed, Rp6,500,000 a month, nothing elsewhere. */
export function goodInputs(
  changes: Omit<Partial<CreditInputs>, 'job'> & { job?: Partial<CreditInputs['job']> } = {},
): CreditInputs {
  const base: CreditInputs = {
    businessDate: '2026-03-02',
    birthDate: '1990-08-17',
    ktpConfirmed: true,
    bankAccountVerified: true,
    facePassed: true,
    whatsappVerified: true,
    job: {
      hasJob: true,
      salaryRange: 3,
      monthlyIncome: rupiah(6_500_000),
      otherLoanStatus: 3,
      declaredOtherPlatforms: 0,
    },
    bureau: { found: false, loans: [] },
    ownHistory: { loansRepaid: 0, repaidLate: 0, overdueNow: false },
  };
  return { ...base, ...changes, job: { ...base.job, ...changes.job } };
}

export const loan = (platformId: string, changes: Partial<BureauLoan> = {}): BureauLoan => ({
  platformId,
  status: 'outstanding',
  quality: 'current',
  outstanding: rupiah(1_000_000),
  daysPastDue: 0,
  maxDaysPastDue: 0,
  ...changes,
});
