import type { Endpoint } from './endpoint-shape.ts';

/**
 * Where each call of the borrower's app, the merchants' servers and the development helpers lives. The web app's
 * first paint names its calls from this table alone (lib/api-call.ts): the back office's are in admin-endpoints.ts.
 */
export const BORROWER_ENDPOINT = {
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
  livenessChallenge: { method: 'POST', path: '/v1/user/liveness_challenge', auth: true },
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
  // relief: more days to pay (contract/relief.ts)
  getRelief: { method: 'GET', path: '/v1/relief', auth: true },
  askRelief: { method: 'POST', path: '/v1/relief', auth: true },
  acceptRelief: { method: 'POST', path: '/v1/relief/:id/accept', auth: true },
  withdrawRelief: { method: 'POST', path: '/v1/relief/:id/withdraw', auth: true },
  getReliefAddendum: { method: 'GET', path: '/v1/relief/:id/addendum', auth: true },
  // credit held and paid back (contract/refunds.ts)
  getRefunds: { method: 'GET', path: '/v1/order/refunds', auth: true },
  // referral: my code, link and coupons earned (contract/referral.ts)
  getReferral: { method: 'GET', path: '/v1/referral', auth: true },
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
  // The pay/download page: it sends an SMS, so this GET changes state.
  getAppDownloadUrl: {
    method: 'GET',
    path: '/v1/commerce/app_download_url',
    auth: false,
    changesState: true,
  },
  // analytics events of the web app, signed in or not (contract/analytics.ts)
  sendAnalyticsEvents: { method: 'POST', path: '/v1/analytics/events', auth: false },
  // app configuration (contract/config.ts)
  getConfig: { method: 'GET', path: '/v1/config', auth: false },
  getConfigByPost: { method: 'POST', path: '/v1/config', auth: false },
  // the agreements a borrower accepts at sign-in (contract/legal.ts)
  getLegalVersions: { method: 'GET', path: '/v1/legal/versions', auth: false },
  // public loan example (contract/landing.ts)
  getLandingExample: { method: 'GET', path: '/v1/landing/example', auth: false },
  // Indonesian regions for address forms (contract/regions.ts); the spec's path, spelling included
  getAreas: { method: 'GET', path: '/getares', auth: false },
  listMyFeedback: { method: 'GET', path: '/v1/feedback', auth: true },
  // Me > Help and complaints (contract/complaints.ts, contract/admin-complaints.ts, h/care issue 27)
  getHelpContent: { method: 'GET', path: '/v1/help', auth: false },
  fileComplaint: { method: 'POST', path: '/v1/complaints', auth: true },
  listMyComplaints: { method: 'GET', path: '/v1/complaints', auth: true },
  getMyComplaint: { method: 'GET', path: '/v1/complaints/:id', auth: true },
  getComplaintSubjects: { method: 'GET', path: '/v1/complaint_subjects', auth: true },
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

export type BorrowerCallId = keyof typeof BORROWER_ENDPOINT;
