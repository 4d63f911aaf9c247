import type { ProviderDescriptor } from '../provider-descriptor.ts';

// Account inquiry ("name check") is its own provider kind: real ones sell it apart from disbursement (Xendit's bank
// account validation, Flip's account inquiry), and onboarding needs it long before any money moves.

/** A bank account the borrower typed. Account numbers are 9-16 digits (spec section 5). */
export interface BankAccount {
  /** The bank's code from the bank list (GET /v2/config/banklist). */
  bankCode: string;
  accountNumber: string;
}

/** What the bank says about an account before we send money to it. */
export type AccountInquiryResult =
  | { status: 'found'; accountHolderName: string }
  /** No such account, or it is closed or blocked: the bank does not say which. */
  | { status: 'not_found' }
  /** The bank did not answer now; ask again later rather than treating the account as wrong. */
  | { status: 'unavailable' };

/** Asks the account's bank who holds it. */
export interface AccountInquiryProvider extends ProviderDescriptor<'account-inquiry'> {
  inquireAccount(account: BankAccount, hints: InquiryHints): Promise<AccountInquiryResult>;
}

/**
 * What the caller expects to hear. Real banks ignore it and answer the true holder; the sandbox answers it for its
 * "valid" test accounts, as the bank would for an account in the borrower's own name.
 */
export interface InquiryHints {
  expectedHolderName: string;
}
