import type { Rupiah } from '@kaskita/domain/money/rupiah';
import type { ProviderDescriptor } from '../provider-descriptor.ts';

// Implemented by the disbursement issue (loans, bank card): a real provider and a sandbox whose results arrive as
// callbacks through callbacks/ and the inbox, as real ones do. No fake here for the same reason as payment-gateway.

/** A bank account the borrower typed (bank card page). Account numbers are 9-16 digits (spec section 5). */
export interface BankAccount {
  /** The provider's bank code, from the bank list (GET /v2/config/banklist). */
  bankCode: string;
  accountNumber: string;
}

/** What the bank says about an account before we send money to it. */
export type AccountInquiryResult =
  | { status: 'found'; accountHolderName: string }
  | { status: 'not_found' }
  /** The bank did not answer now; ask again later rather than treating the account as wrong. */
  | { status: 'unavailable' };

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

/** Sends a loan's principal to the borrower's bank account. */
export interface DisbursementProvider extends ProviderDescriptor<'disbursement'> {
  inquireAccount(account: BankAccount): Promise<AccountInquiryResult>;
  disburse(request: DisbursementRequest): Promise<DisbursementAccepted>;
}
