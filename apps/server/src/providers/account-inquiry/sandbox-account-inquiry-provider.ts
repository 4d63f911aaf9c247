import type {
  AccountInquiryProvider,
  AccountInquiryResult,
  BankAccount,
  InquiryHints,
} from './account-inquiry-provider.ts';

/**
 * The documented test accounts (README, "Sandbox providers"): the last three digits choose the bank's answer, like the
 * magic numbers of payment sandboxes. Any other number is an open account in the borrower's name.
 */
export const SANDBOX_TEST_ACCOUNTS = {
  /** Held by someone else: the name check fails (4270). */
  nameMismatchSuffix: '111',
  /** Closed or unknown (4271). */
  closedSuffix: '000',
  /** The bank does not answer (4272). */
  unavailableSuffix: '999',
  /** The holder of the name-mismatch accounts. */
  otherHolder: 'ANDI WIJAYA',
} as const;

/** Typical inquiry latency of a real bank through an aggregator; tests pass a shorter one. */
const DEFAULT_DELAY_MS = 400;

export class SandboxAccountInquiryProvider implements AccountInquiryProvider {
  readonly kind = 'account-inquiry';
  readonly name = 'sandbox';
  readonly sandbox = true;

  constructor(private readonly delayMs = DEFAULT_DELAY_MS) {}

  async inquireAccount(account: BankAccount, hints: InquiryHints): Promise<AccountInquiryResult> {
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const number = account.accountNumber;
    if (number.endsWith(SANDBOX_TEST_ACCOUNTS.unavailableSuffix)) return { status: 'unavailable' };
    if (number.endsWith(SANDBOX_TEST_ACCOUNTS.closedSuffix)) return { status: 'not_found' };
    if (number.endsWith(SANDBOX_TEST_ACCOUNTS.nameMismatchSuffix))
      return { status: 'found', accountHolderName: SANDBOX_TEST_ACCOUNTS.otherHolder };
    // Banks answer names in capitals, sometimes shortened; the caller's comparison has to cope with that.
    return { status: 'found', accountHolderName: hints.expectedHolderName.toUpperCase() };
  }
}
