import type { CreditBureauReport } from '@kaskita/domain/credit/bureau-report';
import type { ProviderDescriptor } from '../provider-descriptor.ts';

// The real provider is the Fintech Data Center (Pusat Data Fintech Lending, run by AFPI for OJK-licensed platforms),
// implemented by the credit decision issue: it needs the platform's FDC account. The sandbox answers from fixed test
// NIKs (sandbox-credit-bureau-provider.ts).

/** Why we look a borrower up: the FDC asks, and only these two purposes are allowed. */
export type CreditBureauPurpose = 'application' | 'monitoring';

export type { BureauLoan, CreditBureauReport } from '@kaskita/domain/credit/bureau-report';

/** The bureau did not answer (down, time-out, refused us): the decision waits and tries again, never guesses. */
export class CreditBureauUnavailableError extends Error {
  constructor(message = 'the credit bureau is unavailable') {
    super(message);
    this.name = 'CreditBureauUnavailableError';
  }
}

/** Looks a borrower up by NIK (16 digits). The NIK is personal data: providers never log it. */
export interface CreditBureauProvider extends ProviderDescriptor<'credit-bureau'> {
  lookup(request: { nik: string; purpose: CreditBureauPurpose }): Promise<CreditBureauReport>;
}
