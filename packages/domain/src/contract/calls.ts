import { adminCalls } from './admin.ts';
import { adminBorrowerCalls } from './admin-borrowers.ts';
import { adminReviewCalls } from './admin-review.ts';
import { adminApprovalCalls } from './admin-approvals.ts';
import { adminAdministrationCalls } from './admin-administration.ts';
import { adminBookCalls } from './admin-book.ts';
import { adminProductCalls } from './admin-products.ts';
import { adminCollectionCalls } from './admin-collections.ts';
import { adminReliefCalls } from './admin-relief.ts';
import { adminCareCalls } from './admin-care.ts';
import { adminCorrectionCalls } from './admin-corrections.ts';
import { borrowerFeedbackCalls } from './feedback.ts';
import { adminComplaintCalls } from './admin-complaints.ts';
import { complaintCalls } from './complaints.ts';
import { collectionLogCalls } from './collection-log.ts';
import { analyticsCalls } from './analytics.ts';
import { applicationCalls } from './application.ts';
import { authCalls } from './auth.ts';
import { dataAccessCalls } from './data-access.ts';
import { deviceCalls } from './devices.ts';
import { bankCardCalls } from './bank-cards.ts';
import { commerceCalls } from './commerce.ts';
import { configCalls } from './config.ts';
import type { CallDefinition } from './define-call.ts';
import { devCalls } from './dev.ts';
import type { CallId } from './endpoints.ts';
import { landingCalls } from './landing.ts';
import { legalCalls } from './legal.ts';
import { loanCalls } from './loans.ts';
import { myDataCalls } from './my-data.ts';
import { paymentClaimCalls } from './payment-claims.ts';
import { reliefCalls } from './relief.ts';
import { payPinCalls } from './pay-pin.ts';
import { profileCalls } from './profile.ts';
import { referralCalls } from './referral.ts';
import { refundCalls } from './refunds.ts';
import { regionCalls } from './regions.ts';
import { repaymentCalls } from './repayments.ts';
import { userCalls } from './user.ts';
import { verificationCalls } from './verification.ts';

/**
 * Every API call of the contract, by id. The server registers each (and its test checks none is missing), the
 * OpenAPI document lists them, and a call missing here is a type error.
 */
export const API_CALLS = {
  ...authCalls,
  ...deviceCalls,
  ...dataAccessCalls,
  ...myDataCalls,
  ...userCalls,
  ...profileCalls,
  ...bankCardCalls,
  ...verificationCalls,
  ...applicationCalls,
  ...loanCalls,
  ...repaymentCalls,
  ...paymentClaimCalls,
  ...reliefCalls,
  ...refundCalls,
  ...commerceCalls,
  ...payPinCalls,
  ...referralCalls,
  ...configCalls,
  ...analyticsCalls,
  ...legalCalls,
  ...landingCalls,
  ...regionCalls,
  ...adminCalls,
  ...adminReviewCalls,
  ...adminBorrowerCalls,
  ...adminApprovalCalls,
  ...adminAdministrationCalls,
  ...adminBookCalls,
  ...adminProductCalls,
  ...adminCollectionCalls,
  ...adminReliefCalls,
  ...adminCareCalls,
  ...adminCorrectionCalls,
  ...borrowerFeedbackCalls,
  ...complaintCalls,
  ...collectionLogCalls,
  ...adminComplaintCalls,
  ...devCalls,
} satisfies Record<CallId, CallDefinition>;
