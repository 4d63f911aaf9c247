import type { Permission } from '../staff/permissions.ts';

/**
 * Where each API call lives: its method, its path under /api and whether it needs a session. The one place a path is
 * written. Kept free of zod so the web app's first paint can name a call without the schema library; the schemas
 * of each call are in its module's `defineCall` (auth.ts, user.ts, ...) and `calls.ts` gathers them all.
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST';
  /** Under the /api prefix; `:name` is a path parameter. */
  readonly path: string;
  /** Needs a signed-in borrower's token (4047 otherwise). */
  readonly auth: boolean;
  /**
   * A GET that changes state (the spec's GET /v2/sms_code sends an SMS), guarded against cross-site requests like a
   * POST. Every other GET only reads.
   */
  readonly changesState?: true;
  /**
   * A back-office call and the staff session it needs: `password` a session signed in with a password whose second
   * factor may still be to come (enrolling and checking it), `two_factors` one whose second factor was checked (even
   * with a one-time password: changing it), `verified` one whose second factor was checked and whose member chose their
   * password, a permission such a session whose role holds it. Refused otherwise, whatever else the token is.
   */
  readonly staff?: StaffAccess;
}

export type StaffAccess = 'password' | 'two_factors' | 'verified' | Permission;

export const ENDPOINT = {
  // sign-in (contract/auth.ts)
  sendLoginCode: { method: 'GET', path: '/v2/sms_code', auth: false, changesState: true },
  sendLoginCodeByPost: { method: 'POST', path: '/v1/sms_code', auth: false },
  sendResetCode: { method: 'POST', path: '/v1/reset_sms', auth: false },
  getCaptcha: { method: 'GET', path: '/v1/captcha', auth: false },
  login: { method: 'POST', path: '/v1/login', auth: false },
  resetPassword: { method: 'POST', path: '/v1/user/set_password', auth: false },
  alterPassword: { method: 'POST', path: '/v1/alter/login_pass', auth: true },
  logout: { method: 'POST', path: '/v1/logout', auth: true },
  listDevices: { method: 'GET', path: '/v1/user/devices', auth: true },
  listDataAccess: { method: 'GET', path: '/v1/user/data_access', auth: true },
  // Me > My data: personal-data rights (contract/my-data.ts, h/rights)
  getMyData: { method: 'GET', path: '/v1/user/my_data', auth: true },
  getMyDataPdf: { method: 'GET', path: '/v1/user/my_data/pdf', auth: true },
  getMyDataImages: { method: 'GET', path: '/v1/user/my_data/images', auth: true },
  listConsents: { method: 'GET', path: '/v1/user/consents', auth: true },
  withdrawConsent: { method: 'POST', path: '/v1/user/consents/withdraw', auth: true },
  restoreConsent: { method: 'POST', path: '/v1/user/consents/restore', auth: true },
  listCorrections: { method: 'GET', path: '/v1/user/corrections', auth: true },
  requestCorrection: { method: 'POST', path: '/v1/user/corrections', auth: true },
  getAccountDeletion: { method: 'GET', path: '/v1/user/account_deletion', auth: true },
  deleteAccount: { method: 'POST', path: '/v1/user/account_delete', auth: true },
  signOutDevice: { method: 'POST', path: '/v1/user/devices/sign_out', auth: true },
  signOutOtherDevices: { method: 'POST', path: '/v1/user/devices/sign_out_others', auth: true },
  refreshSession: { method: 'POST', path: '/v1/user/refresh', auth: false },
  // the borrower (contract/user.ts)
  getUserStatus: { method: 'GET', path: '/v2/user/status', auth: true },
  getAccount: { method: 'GET', path: '/v1/user/account', auth: true },
  // onboarding / KYC (contract/profile.ts)
  getProfileProgress: { method: 'GET', path: '/v1/user/profile_progress', auth: true },
  ocrCheck: { method: 'POST', path: '/v1/user/ocr_check', auth: true },
  getKtpPhoto: { method: 'GET', path: '/v1/user/ktp_photo', auth: true },
  saveKtp: { method: 'POST', path: '/v1/user/ktp', auth: true },
  getBaseProfile: { method: 'GET', path: '/v1/user/base', auth: true },
  saveBaseProfile: { method: 'POST', path: '/v1/user/base', auth: true },
  saveOtherInfo: { method: 'POST', path: '/v5/user/user_other_info', auth: true },
  getWork: { method: 'GET', path: '/v2/user/work', auth: true },
  getWorkV1: { method: 'GET', path: '/v1/user/work', auth: true },
  saveJob: { method: 'POST', path: '/v2/user/work', auth: true },
  saveCompany: { method: 'POST', path: '/v1/user/company', auth: true },
  getSocial: { method: 'GET', path: '/v1/user/social', auth: true },
  saveSocial: { method: 'POST', path: '/v1/user/social', auth: true },
  getUserInfo: { method: 'POST', path: '/v5/user/user_info', auth: true },
  getProfileDraft: { method: 'GET', path: '/v1/user/profile_draft', auth: true },
  saveProfileDraft: { method: 'POST', path: '/v1/user/profile_draft', auth: true },
  // bank cards: the onboarding account and the cards managed from Me (contract/bank-cards.ts)
  getBankList: { method: 'GET', path: '/v2/config/banklist', auth: false },
  getBank: { method: 'GET', path: '/v1/user/bank', auth: true },
  saveBank: { method: 'POST', path: '/v1/user/bank', auth: true },
  setDefaultBank: { method: 'POST', path: '/v1/user/setbank', auth: true },
  removeBankCard: { method: 'POST', path: '/v1/user/bank_remove', auth: true },
  sendBankCardCode: { method: 'POST', path: '/v1/user/bank_code', auth: true },
  addBankCard: { method: 'POST', path: '/v1/user/bank_add', auth: true },
  // WhatsApp and face checks (contract/verification.ts)
  getVerification: { method: 'GET', path: '/v1/user/verification', auth: true },
  sendWhatsappCode: { method: 'POST', path: '/v1/user/whatsapp_code', auth: true },
  confirmWhatsapp: { method: 'POST', path: '/v1/user/whatsapp_phone', auth: true },
  setReminderChannel: { method: 'POST', path: '/v1/user/reminder_channel', auth: true },
  checkFace: { method: 'POST', path: '/v1/user/face_check', auth: true },
  // the application and its credit decision (contract/application.ts)
  submitApplication: { method: 'POST', path: '/v2/user/submit', auth: true },
  getCreditCountdown: { method: 'POST', path: '/v5/user/credit_countdown', auth: true },
  getApplication: { method: 'GET', path: '/v1/user/application', auth: true },
  getLimitAmount: { method: 'GET', path: '/v1/limit_amount', auth: true },
  sendFeedback: { method: 'POST', path: '/v1/feedback', auth: true },
  // borrowing and disbursement (contract/loans.ts)
  getLoanProducts: { method: 'GET', path: '/v1/loan_products', auth: true },
  getPurposes: { method: 'GET', path: '/v2/get_purpose', auth: false },
  getLoanPlan: { method: 'GET', path: '/v1/order/plan_v2', auth: true },
  getLoanAgreement: { method: 'GET', path: '/v1/order/agreement', auth: true },
  createLoanOrder: { method: 'POST', path: '/v1/order/loan', auth: true },
  getCurrentOrder: { method: 'GET', path: '/v1/order/current', auth: true },
  cancelLoanOrder: { method: 'POST', path: '/v1/order/cancel', auth: true },
  patchBank: { method: 'POST', path: '/v1/user/bank_patch', auth: true },
  // bills and repayment (contract/repayments.ts)
  getBills: { method: 'GET', path: '/v1/order/bill', auth: true },
  getRepayMethods: { method: 'GET', path: '/v1/order/repay_method', auth: true },
  createRepayment: { method: 'POST', path: '/v1/order/repay', auth: true },
  getPaymentCode: { method: 'GET', path: '/v1/order/repay/:id', auth: true },
  getRepayRecords: { method: 'GET', path: '/v1/order/repay_record', auth: true },
  getSettlementQuote: { method: 'GET', path: '/v1/order/settlement_quote', auth: true },
  getLoanRecords: { method: 'GET', path: '/v1/order/loan_records', auth: true },
  getCollectionLog: { method: 'GET', path: '/v1/order/collection_contacts', auth: true },
  // paid but not credited? (contract/payment-claims.ts)
  createPaymentClaim: { method: 'POST', path: '/v1/order/payment_claim', auth: true },
  getPaymentClaims: { method: 'GET', path: '/v1/order/payment_claims', auth: true },
  // credit held and paid back (contract/refunds.ts)
  getRefunds: { method: 'GET', path: '/v1/order/refunds', auth: true },
  // pay-later at a merchant's checkout (contract/commerce.ts); the _free variants are for a visitor not signed in. The
  // first signed-in borrower to open a checkout holds it: those GETs change state.
  getCommerceOrder: { method: 'GET', path: '/v1/commerce/order', auth: true, changesState: true },
  getCommerceOrderFree: { method: 'GET', path: '/v1/commerce/order_free', auth: false },
  getCommerceProducts: { method: 'GET', path: '/v1/commerce/product_list', auth: true, changesState: true },
  getCommerceProductsFree: { method: 'GET', path: '/v1/commerce/product_list_free', auth: false },
  getRepayPreview: { method: 'GET', path: '/v1/commerce/repay_preview', auth: true },
  getRepayPreviewFree: { method: 'GET', path: '/v1/commerce/repay_preview_free', auth: false },
  sendPayPinCode: { method: 'POST', path: '/v1/commerce/pay_pin_code', auth: true },
  setPayPin: { method: 'POST', path: '/v1/commerce/pay_pin', auth: true },
  createCommerceLoan: { method: 'POST', path: '/v1/commerce/loan', auth: true },
  // app configuration (contract/config.ts)
  getConfig: { method: 'GET', path: '/v1/config', auth: false },
  getConfigByPost: { method: 'POST', path: '/v1/config', auth: false },
  // the agreements a borrower accepts at sign-in (contract/legal.ts)
  getLegalVersions: { method: 'GET', path: '/v1/legal/versions', auth: false },
  // public loan example (contract/landing.ts)
  getLandingExample: { method: 'GET', path: '/v1/landing/example', auth: false },
  // Indonesian regions for address forms (contract/regions.ts); the spec's path, spelling included
  getAreas: { method: 'GET', path: '/getares', auth: false },
  // the back office: staff sign-in, second factor, permissions and staff accounts (contract/admin.ts)
  adminSignIn: { method: 'POST', path: '/admin/sign_in', auth: false },
  adminEnrolTotp: { method: 'POST', path: '/admin/totp/enrol', auth: false, staff: 'password' },
  adminConfirmTotp: { method: 'POST', path: '/admin/totp/confirm', auth: false, staff: 'password' },
  adminVerifyTotp: { method: 'POST', path: '/admin/totp/verify', auth: false, staff: 'password' },
  adminSignOut: { method: 'POST', path: '/admin/sign_out', auth: false, staff: 'password' },
  adminSignOutEverywhere: {
    method: 'POST',
    path: '/admin/sign_out_everywhere',
    auth: false,
    staff: 'verified',
  },
  adminChangePassword: { method: 'POST', path: '/admin/password', auth: false, staff: 'two_factors' },
  getPermissionTree: { method: 'GET', path: '/admin/permissions/user/tree', auth: false, staff: 'verified' },
  createStaff: { method: 'POST', path: '/admin/staff', auth: false, staff: 'staff.manage' },
  disableStaff: { method: 'POST', path: '/admin/staff/:id/disable', auth: false, staff: 'staff.manage' },
  resetStaffAccess: {
    method: 'POST',
    path: '/admin/staff/:id/reset_access',
    auth: false,
    staff: 'staff.manage',
  },
  // the review queue and the borrowers screens (contract/admin-review.ts, contract/admin-borrowers.ts)
  listReviewQueue: {
    method: 'GET',
    path: '/admin/applications/review',
    auth: false,
    staff: 'application.decide',
  },
  getReviewApplication: {
    method: 'GET',
    path: '/admin/applications/review/:id',
    auth: false,
    staff: 'application.decide',
  },
  decideReviewApplication: {
    method: 'POST',
    path: '/admin/applications/review/:id/decide',
    auth: false,
    staff: 'application.decide',
  },
  searchBorrowers: { method: 'POST', path: '/admin/borrowers/search', auth: false, staff: 'loan.read' },
  getBorrower: { method: 'GET', path: '/admin/borrowers/:id', auth: false, staff: 'loan.read' },
  revealBorrowerPii: {
    method: 'POST',
    path: '/admin/borrowers/:id/reveal',
    auth: false,
    staff: 'pii.reveal',
  },
  blockBorrower: { method: 'POST', path: '/admin/borrowers/:id/block', auth: false, staff: 'borrower.block' },
  unblockBorrower: {
    method: 'POST',
    path: '/admin/borrowers/:id/unblock',
    auth: false,
    staff: 'borrower.block',
  },
  // maker-checker, payments to resolve and the staff money commands (contract/admin-approvals.ts)
  listApprovals: { method: 'GET', path: '/admin/approvals', auth: false, staff: 'verified' },
  getApproval: { method: 'GET', path: '/admin/approvals/:id', auth: false, staff: 'verified' },
  approveApproval: { method: 'POST', path: '/admin/approvals/:id/approve', auth: false, staff: 'verified' },
  rejectApproval: { method: 'POST', path: '/admin/approvals/:id/reject', auth: false, staff: 'verified' },
  withdrawApproval: { method: 'POST', path: '/admin/approvals/:id/withdraw', auth: false, staff: 'verified' },
  listReviewPayments: {
    method: 'GET',
    path: '/admin/payments/review',
    auth: false,
    staff: 'payment.resolve',
  },
  listOpenClaims: { method: 'GET', path: '/admin/payment_claims', auth: false, staff: 'payment.resolve' },
  requestPaymentApply: {
    method: 'POST',
    path: '/admin/payments/:id/apply',
    auth: false,
    staff: 'payment.resolve',
  },
  requestPaymentReturn: {
    method: 'POST',
    path: '/admin/payments/:id/return',
    auth: false,
    staff: 'payment.resolve',
  },
  listClaimPayments: {
    method: 'GET',
    path: '/admin/payment_claims/:id/payments',
    auth: false,
    staff: 'payment.resolve',
  },
  creditClaim: {
    method: 'POST',
    path: '/admin/payment_claims/:id/credit',
    auth: false,
    staff: 'payment.resolve',
  },
  rejectClaim: {
    method: 'POST',
    path: '/admin/payment_claims/:id/reject',
    auth: false,
    staff: 'payment.resolve',
  },
  requestLateFeeWaiver: {
    method: 'POST',
    path: '/admin/loans/:id/waive_late_fees',
    auth: false,
    staff: 'loans.waive_late_fees',
  },
  requestWriteOff: {
    method: 'POST',
    path: '/admin/loans/:id/write_off',
    auth: false,
    staff: 'loans.write_off',
  },
  listStaffRefunds: { method: 'GET', path: '/admin/refunds', auth: false, staff: 'refunds.approve' },
  requestRefundApproval: {
    method: 'POST',
    path: '/admin/refunds/:id/approve',
    auth: false,
    staff: 'refunds.approve',
  },
  retryRefund: { method: 'POST', path: '/admin/refunds/:id/retry', auth: false, staff: 'refunds.approve' },
  cancelRefund: { method: 'POST', path: '/admin/refunds/:id/cancel', auth: false, staff: 'refunds.approve' },
  // the back office's administration pages: the staff list and the audit log (contract/admin-administration.ts)
  listStaff: { method: 'GET', path: '/admin/staff', auth: false, staff: 'staff.manage' },
  listAudit: { method: 'GET', path: '/admin/audit', auth: false, staff: 'audit.read' },
  // the back office: dashboard figures and the loan book (contract/admin-book.ts)
  getDashboard: { method: 'GET', path: '/admin/dashboard', auth: false, staff: 'loan.read' },
  computeDashboard: {
    method: 'POST',
    path: '/admin/dashboard/compute',
    auth: false,
    staff: 'figures.publish',
  },
  listLoans: { method: 'GET', path: '/admin/loans', auth: false, staff: 'loan.read' },
  getLoanDetail: { method: 'GET', path: '/admin/loans/:id', auth: false, staff: 'loan.read' },
  // the back office: products and caps (contract/admin-products.ts)
  listAdminProducts: { method: 'GET', path: '/admin/products', auth: false, staff: 'loan.read' },
  getAdminProduct: { method: 'GET', path: '/admin/products/:id', auth: false, staff: 'loan.read' },
  listProductCaps: { method: 'GET', path: '/admin/product_caps', auth: false, staff: 'loan.read' },
  proposeProduct: {
    method: 'POST',
    path: '/admin/products/proposals',
    auth: false,
    staff: 'product.propose',
  },
  // the back office: collections (contract/admin-collections.ts)
  listCollectionQueue: { method: 'GET', path: '/admin/collections', auth: false, staff: 'loan.read' },
  getCollectionLoan: { method: 'GET', path: '/admin/collections/:id', auth: false, staff: 'loan.read' },
  recordCollectionContact: {
    method: 'POST',
    path: '/admin/collections/:id/contacts',
    auth: false,
    staff: 'collection.contact',
  },
  recordPromiseToPay: {
    method: 'POST',
    path: '/admin/collections/:id/promises',
    auth: false,
    staff: 'collection.contact',
  },
  // messages, feedback, complaints and disbursements (contract/admin-care.ts, h/care)
  listOutbox: { method: 'GET', path: '/admin/messages', auth: false, staff: 'loan.read' },
  listFeedback: { method: 'GET', path: '/admin/feedback', auth: false, staff: 'complaint.answer' },
  getFeedback: { method: 'GET', path: '/admin/feedback/:id', auth: false, staff: 'complaint.answer' },
  replyFeedback: {
    method: 'POST',
    path: '/admin/feedback/:id/reply',
    auth: false,
    staff: 'complaint.answer',
  },
  closeFeedback: {
    method: 'POST',
    path: '/admin/feedback/:id/close',
    auth: false,
    staff: 'complaint.answer',
  },
  listDisbursements: {
    method: 'GET',
    path: '/admin/disbursements',
    auth: false,
    staff: 'disbursement.manage',
  },
  retryDisbursement: {
    method: 'POST',
    path: '/admin/disbursements/:id/retry',
    auth: false,
    staff: 'disbursement.manage',
  },
  cancelDisbursement: {
    method: 'POST',
    path: '/admin/disbursements/:id/cancel',
    auth: false,
    staff: 'disbursement.manage',
  },
  listMyFeedback: { method: 'GET', path: '/v1/feedback', auth: true },
  // Me > Help and complaints (contract/complaints.ts, contract/admin-complaints.ts, h/care issue 27)
  getHelpContent: { method: 'GET', path: '/v1/help', auth: false },
  fileComplaint: { method: 'POST', path: '/v1/complaints', auth: true },
  listMyComplaints: { method: 'GET', path: '/v1/complaints', auth: true },
  getMyComplaint: { method: 'GET', path: '/v1/complaints/:id', auth: true },
  getComplaintSubjects: { method: 'GET', path: '/v1/complaint_subjects', auth: true },
  listComplaints: { method: 'GET', path: '/admin/complaints', auth: false, staff: 'complaint.answer' },
  getComplaint: { method: 'GET', path: '/admin/complaints/:id', auth: false, staff: 'complaint.answer' },
  viewComplaintPhoto: {
    method: 'POST',
    path: '/admin/complaints/:id/photo',
    auth: false,
    staff: 'complaint.answer',
  },
  startComplaint: {
    method: 'POST',
    path: '/admin/complaints/:id/start',
    auth: false,
    staff: 'complaint.answer',
  },
  answerComplaint: {
    method: 'POST',
    path: '/admin/complaints/:id/answer',
    auth: false,
    staff: 'complaint.answer',
  },
  extendComplaint: {
    method: 'POST',
    path: '/admin/complaints/:id/extend',
    auth: false,
    staff: 'complaint.answer',
  },
  closeComplaint: {
    method: 'POST',
    path: '/admin/complaints/:id/close',
    auth: false,
    staff: 'complaint.answer',
  },
  // correction requests of locked identity fields (contract/admin-corrections.ts, h/rights)
  listCorrectionRequests: {
    method: 'GET',
    path: '/admin/corrections',
    auth: false,
    staff: 'personal_data.correct',
  },
  approveCorrection: {
    method: 'POST',
    path: '/admin/corrections/:id/approve',
    auth: false,
    staff: 'personal_data.correct',
  },
  refuseCorrection: {
    method: 'POST',
    path: '/admin/corrections/:id/refuse',
    auth: false,
    staff: 'personal_data.correct',
  },
  // development helpers, never registered in production (contract/dev.ts)
  listDevOutbox: { method: 'GET', path: '/dev/outbox', auth: false },
  listDevDisbursements: { method: 'GET', path: '/dev/disbursements', auth: false },
  completeDevDisbursement: { method: 'POST', path: '/dev/disbursements/:id/complete', auth: false },
  failDevDisbursement: { method: 'POST', path: '/dev/disbursements/:id/fail', auth: false },
  getDevCaptchaAnswer: { method: 'GET', path: '/dev/captcha/:id', auth: false },
  listDevPaymentCodes: { method: 'GET', path: '/dev/payments', auth: false },
  getDevClock: { method: 'GET', path: '/dev/clock', auth: false },
  advanceDevClock: { method: 'POST', path: '/dev/clock', auth: false },
  simulateDevPayment: { method: 'POST', path: '/dev/payments/simulate', auth: false },
} as const satisfies Record<string, Endpoint>;

export type CallId = keyof typeof ENDPOINT;

/** The API's mount point: the server registers every call under it and the web app prefixes it. */
export const API_PREFIX = '/api';

/** A path with its `:name` parameters filled in (URL-encoded). */
export function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} is missing for ${path}`);
    return encodeURIComponent(value);
  });
}
