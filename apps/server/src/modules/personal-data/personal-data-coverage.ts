import { storedFiles } from '../../providers/storage/stored-files-schema.ts';
import type { Table } from 'drizzle-orm';
import { callbackInbox } from '../../callbacks/callback-inbox-schema.ts';
import { captchas } from '../auth/auth-schema.ts';
import { appConfig } from '../config/config-schema.ts';
import { ledgerEntries, ledgerLines } from '../ledger/ledger-schema.ts';
import { loanProducts, loanProductVersions } from '../loans/loans-schema.ts';
import { approvalRequests } from '../approvals/approvals-schema.ts';
import { bookFigureRuns } from '../reporting/reporting-schema.ts';
import { staff, staffRecoveryCodes, staffSessions } from '../staff/staff-schema.ts';
import { sandboxDisbursements } from '../../providers/disbursement/sandbox-disbursement-schema.ts';
import {
  sandboxPaymentCodes,
  sandboxPayments,
} from '../../providers/payment-gateway/sandbox-payment-gateway-schema.ts';
import { smsOutbox } from '../../providers/sms/dev-outbox-schema.ts';
import { rateEvents } from '../../rate-limit/rate-limit-schema.ts';
import type { PersonalDataSection } from './personal-data-registry.ts';
import {
  accountSection,
  consentsSection,
  devicesSection,
  sessionsSection,
} from './sections/account-sections.ts';
import {
  feedbackSection,
  complaintsSection,
  collectionSection,
  messagesSection,
  staffAccessSection,
} from './sections/contact-sections.ts';
import { analyticsSection } from './sections/analytics-sections.ts';
import { applicationsSection, loansSection } from './sections/credit-sections.ts';
import {
  paymentClaimsSection,
  paymentCodesSection,
  paymentsSection,
  purchasesSection,
  refundsSection,
} from './sections/payment-sections.ts';
import { correctionsSection, draftsSection, profileSection } from './sections/profile-sections.ts';
import { referralSection } from './sections/referral-sections.ts';
import { reliefSection } from './sections/relief-sections.ts';
import { bankAccountsSection, verificationSection } from './sections/verification-sections.ts';

/** The sections of the modules that were there when the export was built; later modules register their own. */
export const BUILT_IN_SECTIONS: readonly PersonalDataSection[] = [
  accountSection,
  profileSection,
  draftsSection,
  verificationSection,
  bankAccountsSection,
  applicationsSection,
  loansSection,
  paymentCodesSection,
  paymentsSection,
  refundsSection,
  paymentClaimsSection,
  purchasesSection,
  feedbackSection,
  complaintsSection,
  messagesSection,
  devicesSection,
  analyticsSection,
  sessionsSection,
  consentsSection,
  correctionsSection,
  staffAccessSection,
  collectionSection,
  referralSection,
  reliefSection,
] as unknown as readonly PersonalDataSection[];

/**
 * Tables that hold nothing tied to a borrower, and why. A table with a `user_id` column or a foreign key to `users` or
 * `loans` can never be here (the coverage test refuses it): it must be in a section, column by column.
 */
export const NOT_PERSONAL: ReadonlyArray<{ table: Table; reason: string }> = [
  { table: captchas, reason: 'image captchas: an answer hash, for minutes, tied to nobody' },
  { table: appConfig, reason: "the app's settings" },
  { table: loanProducts, reason: 'the products offered' },
  { table: loanProductVersions, reason: 'the products offered, by version' },
  {
    table: ledgerEntries,
    reason:
      "the lender's books (UU 8/1997 company documents): amounts by loan id; the borrower's side is bills and payments",
  },
  { table: ledgerLines, reason: "the lender's books: amounts by loan id" },
  { table: sandboxDisbursements, reason: "the sandbox bank's own book, outside production only" },
  { table: sandboxPaymentCodes, reason: "the sandbox gateway's own book, outside production only" },
  { table: sandboxPayments, reason: "the sandbox gateway's own book, outside production only" },
  {
    table: rateEvents,
    reason:
      'counts of attempts for the rate limits, kept at most a day, by a keyed hash of their subject, without content',
  },
  { table: smsOutbox, reason: "the development SMS provider's outbox, never used in production" },
  {
    table: storedFiles,
    reason:
      'file bytes by storage key, encrypted (FILE_STORAGE=postgres): each file is exported and erased through the row that names its key',
  },
  {
    table: callbackInbox,
    reason: "providers' event ids and body hashes: the business rows they changed are exported",
  },
  { table: staff, reason: "the lender's staff" },
  { table: staffRecoveryCodes, reason: "the lender's staff" },
  { table: staffSessions, reason: "the lender's staff" },
  {
    table: approvalRequests,
    reason:
      'staff requests awaiting a second person: ids and amounts; their effect is in the rows they changed',
  },
  { table: bookFigureRuns, reason: "the book's aggregate figures, no borrower in them" },
];
