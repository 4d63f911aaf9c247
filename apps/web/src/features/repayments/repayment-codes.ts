import type { ERRORS } from '@kaskita/domain/i18n/error-codes';
import { rupiah, type Rupiah } from '@kaskita/domain/money/rupiah';

type Refusal =
  | 'NO_REPAYING_LOAN'
  | 'CHANNEL_UNKNOWN'
  | 'REPAY_AMOUNT_CHANGED'
  | 'CHANNEL_AMOUNT_LIMIT'
  | 'NOTHING_DUE'
  | 'PAYMENT_GATEWAY_UNAVAILABLE';

/**
 * The repayment refusals the pages answer themselves, by envelope code. Typed against the catalogue
 * (i18n/error-codes.ts) but not imported at run time: that module carries every message in both languages, and the
 * server's own message (in the borrower's language) is what the pages show.
 */
export const REPAY_CODE = {
  NO_REPAYING_LOAN: 4310,
  CHANNEL_UNKNOWN: 4311,
  REPAY_AMOUNT_CHANGED: 4312,
  CHANNEL_AMOUNT_LIMIT: 4313,
  NOTHING_DUE: 4314,
  PAYMENT_GATEWAY_UNAVAILABLE: 4315,
} as const satisfies { [K in Refusal]: (typeof ERRORS)[K]['code'] };

/** The data of a 4312 answer: today's amount (and the nearest bill's number for one instalment), or null. */
export function changedAmountOf(data: unknown): { amount: Rupiah; billNumber: number | null } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { amount, bill_number: billNumber } = data as { amount?: unknown; bill_number?: unknown };
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) return null;
  return { amount: rupiah(amount), billNumber: typeof billNumber === 'number' ? billNumber : null };
}

/** The refusals of a payment claim's proof photo, said under the photo rather than in a passing toast. */
export const PROOF_REFUSAL_CODES: readonly number[] = [4131, 4151, 4152, 4153] satisfies (typeof ERRORS)[
  'IMAGE_TOO_LARGE' | 'NOT_AN_IMAGE' | 'IMAGE_TYPE_MISMATCH' | 'IMAGE_DIMENSIONS']['code'][];
