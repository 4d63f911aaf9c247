import type { DisbursementFailure } from '@kaskita/domain/contract/loans';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import type { BankAccount } from '../account-inquiry/account-inquiry-provider.ts';
import type { ProviderDescriptor } from '../provider-descriptor.ts';

// Implemented by the disbursement issue (loans, bank card): a real provider and a sandbox whose results arrive as
// callbacks through callbacks/ and the inbox, as real ones do. No fake here for the same reason as payment-gateway.

export interface DisbursementRequest extends BankAccount {
  /** Our id: the callback names it, and a retried request with the same id must not pay twice. */
  externalId: string;
  amount: Rupiah;
  /** The name we expect; a mismatch fails the disbursement (spec: "a bank mismatch interrupts the loan"). */
  accountHolderName: string;
  description: string;
}

/** Accepted for processing only: the outcome (COMPLETED or FAILED, e.g. name mismatch) comes by callback. */
export interface DisbursementAccepted {
  externalId: string;
  providerReference: string;
  status: 'PENDING';
}

/**
 * Sends a loan's principal to the borrower's bank account. Any other error thrown means "maybe not sent": the caller
 * asks again with the same external id, which the provider must treat as the same disbursement.
 */
export interface DisbursementProvider extends ProviderDescriptor<'disbursement'> {
  disburse(request: DisbursementRequest): Promise<DisbursementAccepted>;
}

/**
 * The provider refused the request for good (e.g. an account number its bank rejects): nothing was sent, and sending
 * the same request again cannot succeed, so the try fails at once with `failure`. The message names codes only, never
 * the account or the holder.
 */
export class DisbursementRefusedError extends Error {
  override name = 'DisbursementRefusedError';
  constructor(
    message: string,
    readonly failure: DisbursementFailure,
  ) {
    super(message);
  }
}
