import { applicationCalls } from './application.ts';
import { authCalls } from './auth.ts';
import { configCalls } from './config.ts';
import type { CallDefinition } from './define-call.ts';
import { devCalls } from './dev.ts';
import type { CallId } from './endpoints.ts';
import { landingCalls } from './landing.ts';
import { loanCalls } from './loans.ts';
import { paymentClaimCalls } from './payment-claims.ts';
import { profileCalls } from './profile.ts';
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
  ...userCalls,
  ...profileCalls,
  ...verificationCalls,
  ...applicationCalls,
  ...loanCalls,
  ...repaymentCalls,
  ...paymentClaimCalls,
  ...configCalls,
  ...landingCalls,
  ...regionCalls,
  ...devCalls,
} satisfies Record<CallId, CallDefinition>;
