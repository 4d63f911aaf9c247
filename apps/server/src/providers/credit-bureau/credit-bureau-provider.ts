import type { Rupiah } from '@kaskita/domain/money/rupiah';
import type { ProviderDescriptor } from '../provider-descriptor.ts';

// The real provider is the Fintech Data Center (Pusat Data Fintech Lending, run by AFPI for OJK-licensed platforms),
// implemented by the credit decision issue: it needs the platform's FDC account. The sandbox answers from fixed test
// NIKs (sandbox-credit-bureau-provider.ts).

/** Why we look a borrower up: the FDC asks, and only these two purposes are allowed. */
export type CreditBureauPurpose = 'application' | 'monitoring';

/** The FDC's loan quality (kualitas pinjaman): lancar (< 30 days late), dalam perhatian khusus (30-90), macet (> 90). */
export type LoanQuality = 'current' | 'special_mention' | 'loss';

/** One loan the borrower has or had on a lending platform (ours included, as reported to the FDC). */
export interface BureauLoan {
  /** The platform's FDC id: its name is not needed to decide, and the rule "at most 3 platforms" counts ids. */
  platformId: string;
  status: 'outstanding' | 'paid_off' | 'written_off';
  quality: LoanQuality;
  outstanding: Rupiah;
  daysPastDue: number;
  maxDaysPastDue: number;
}

export interface CreditBureauReport {
  /** False when the bureau has never heard of this NIK (a first-time borrower), with no loans. */
  found: boolean;
  loans: BureauLoan[];
}

/** Looks a borrower up by NIK (16 digits). The NIK is personal data: providers never log it. */
export interface CreditBureauProvider extends ProviderDescriptor<'credit-bureau'> {
  lookup(request: { nik: string; purpose: CreditBureauPurpose }): Promise<CreditBureauReport>;
}
