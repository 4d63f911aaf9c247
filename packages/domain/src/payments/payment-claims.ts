import { PAYMENT_CHANNELS } from './channels.ts';
import { maxRupiah, minRupiah } from '../money/rupiah.ts';

/**
 * "Paid but not credited?": a borrower's report of a payment they made that they do not see on their bill. The rules
 * the form, the server and the SMS share. Failed or uncredited repayments are among the most common complaints to OJK
 * about lending apps, so the promise is written once here and quoted everywhere.
 */

/**
 * Working days (Monday to Friday, not a national holiday) within which the back office answers a claim: the promise
 * in the SMS, on screen and in the README. Three leaves time to ask the gateway and the bank and still answers well
 * inside OJK's complaint-handling expectations.
 */
export const PAYMENT_CLAIM_ANSWER_WORKING_DAYS = 3;

/** How long ago a payment may have been made: gateways keep searchable records about this long. */
export const PAYMENT_CLAIM_MAX_AGE_DAYS = 30;

/** A phone's clock may run a little ahead of ours: a time less than this in the future is taken as "just now". */
export const PAYMENT_CLAIM_CLOCK_SKEW_MINUTES = 10;

/** Claims one borrower may file a day (counted over 24 hours): more is a mistake or abuse, not more payments. */
export const PAYMENT_CLAIMS_PER_DAY = 5;

/** Amounts any of our channels can take: a claim outside them cannot be a payment through our channels. */
export const PAYMENT_CLAIM_MIN_AMOUNT = minRupiah(...PAYMENT_CHANNELS.map((c) => c.minAmount));
export const PAYMENT_CLAIM_MAX_AMOUNT = maxRupiah(...PAYMENT_CHANNELS.map((c) => c.maxAmount));

/** The bank's or store's transaction reference, as printed on a receipt. */
export const PAYMENT_CLAIM_REFERENCE_MAX = 64;

/**
 * The proof photo's limit, below the upload limit (UPLOAD_LIMIT_BYTES, 5 MiB) so a too-large photo is told so with
 * the photo's own error: the app shrinks a photo or screenshot to a few hundred kB before sending it.
 */
export const PAYMENT_CLAIM_PROOF_MAX_BYTES = 2 * 1024 * 1024;

/**
 * A received payment of the same amount within this many hours of the time the borrower gave is taken as theirs:
 * people remember the day better than the minute, and a store's payment may post hours later.
 */
export const PAYMENT_CLAIM_MATCH_HOURS = 24;

/**
 * `open`: waiting for the back office. `matched`: a payment of this borrower that could not be applied (late,
 * expired or used code) fits it, so the back office can credit it quickly. `credited`: the payment was applied (at
 * once, or by the back office). `rejected`: no such payment reached us (the back office says why).
 */
export const PAYMENT_CLAIM_STATUSES = ['open', 'matched', 'credited', 'rejected'] as const;
export type PaymentClaimStatus = (typeof PAYMENT_CLAIM_STATUSES)[number];

/** Claims still waiting for the back office: a second one for the same amount and day is the same claim. */
export const OPEN_PAYMENT_CLAIM_STATUSES = [
  'open',
  'matched',
] as const satisfies readonly PaymentClaimStatus[];

/** Why a payment time cannot be claimed at `now`, as a validation message key, or null when it can. */
export function paidAtProblem(
  paidAt: Date,
  now: Date,
): 'payment_claim.paid_at_future' | 'payment_claim.paid_at_old' | null {
  const ms = paidAt.getTime();
  if (ms > now.getTime() + PAYMENT_CLAIM_CLOCK_SKEW_MINUTES * 60_000) return 'payment_claim.paid_at_future';
  if (ms < now.getTime() - PAYMENT_CLAIM_MAX_AGE_DAYS * 86_400_000) return 'payment_claim.paid_at_old';
  return null;
}
