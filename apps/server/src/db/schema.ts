// Every table of the app in one object: the Drizzle client's `schema` (db/client.ts) and drizzle-kit's input
// (drizzle.config.ts) need a single module. Each table is defined next to the code that owns it; code imports it
// from there, not from here. Migrations stay one ordered folder (drizzle/).

export { agreementAcceptances, consentWithdrawals, users } from '../modules/user/user-schema.ts';
export { captchas, sessions, signInDevices, smsCodes } from '../modules/auth/auth-schema.ts';
export { appConfig } from '../modules/config/config-schema.ts';
export { loanProducts } from '../modules/loans/loans-schema.ts';
export { loanProductVersions } from '../modules/loans/loans-schema.ts';
export { disbursements, loanBills, loans } from '../modules/loans/loan-orders-schema.ts';
export { ledgerEntries, ledgerLines } from '../modules/ledger/ledger-schema.ts';
export { auditLog } from '../commands/audit-schema.ts';
export { sandboxDisbursements } from '../providers/disbursement/sandbox-disbursement-schema.ts';
export { paymentCodeClaims, paymentCodes, payments } from '../modules/repayments/repayments-schema.ts';
export { paymentClaims } from '../modules/repayments/payment-claims-schema.ts';
export { refunds } from '../modules/refunds/refunds-schema.ts';
export {
  sandboxPaymentCodes,
  sandboxPayments,
} from '../providers/payment-gateway/sandbox-payment-gateway-schema.ts';
export { borrowerProfiles, profileDrafts } from '../modules/profile/profile-schema.ts';
export { bankAccounts } from '../modules/bank-cards/bank-cards-schema.ts';
export { borrowerVerifications, faceChecks } from '../modules/verification/verification-schema.ts';
export { creditApplications, feedback } from '../modules/application/application-schema.ts';
export { rateEvents } from '../rate-limit/rate-limit-schema.ts';
export { smsOutbox } from '../providers/sms/dev-outbox-schema.ts';
export { analyticsEvents } from '../providers/analytics/analytics-events-schema.ts';
export { callbackInbox } from '../callbacks/callback-inbox-schema.ts';
export { messageOutbox } from '../jobs/outbox-schema.ts';
export { staff, staffRecoveryCodes, staffSessions } from '../modules/staff/staff-schema.ts';
export { approvalRequests } from '../modules/approvals/approvals-schema.ts';
export { bookFigureRuns } from '../modules/reporting/reporting-schema.ts';
export { collectionContacts, paymentPromises } from '../modules/collections/collections-schema.ts';
export { complaintEvents, complaints } from '../modules/complaints/complaints-schema.ts';
export { accountClosures, correctionRequests } from '../modules/personal-data/personal-data-schema.ts';
export { borrowerCoupons, commerceOrders, commerceRefunds } from '../modules/commerce/commerce-schema.ts';
export { payPins } from '../modules/payment-pin/payment-pin-schema.ts';
export { referralCodes, referrals } from '../modules/referral/referral-schema.ts';
export { storedFiles } from '../providers/storage/stored-files-schema.ts';
export { loanDisputeHolds } from '../modules/disputes/disputes-schema.ts';
export { loanReliefs } from '../modules/relief/relief-schema.ts';
