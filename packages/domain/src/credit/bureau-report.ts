import type { Rupiah } from '../money/rupiah.ts';

/** The FDC's loan quality (kualitas pinjaman): lancar (< 30 days late), dalam perhatian khusus (30-90), macet (> 90). */
export type LoanQuality = 'current' | 'special_mention' | 'loss';

/** One loan the borrower has or had on a lending platform, as the Fintech Data Center reports it. */
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
