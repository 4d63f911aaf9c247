/**
 * Relief requests (issue 27): a borrower who cannot pay on time asks for more days, or for what remains to be spread
 * over more instalments, with a reason; staff decide with maker-checker (one proposes, another approves); the borrower
 * accepts the offer, with a signed addendum, before anything changes. The engine's side is lifecycle/relief.ts.
 */

/** Relief's two kinds: the unpaid bills due later ('defer'), or smaller bills and more of them ('spread'). */
export const RELIEF_KINDS = ['defer', 'spread'] as const;
export type ReliefKind = (typeof RELIEF_KINDS)[number];

/** The most days one relief moves the bills: about one more month to pay (a business constant). */
export const MAX_DEFERRAL_DAYS = 30;
/** The fewest: a week, less is not relief. */
export const MIN_DEFERRAL_DAYS = 7;

/**
 * Spreading (the second kind of relief): the fewest and most bills added after the last unpaid one. At most three: a
 * month-by-month loan then ends at most three months later, well inside any product's tenor (business constant).
 */
export const MIN_EXTRA_INSTALMENTS = 1;
export const MAX_EXTRA_INSTALMENTS = 3;

/** The days a borrower picks from (staff may offer any number in [MIN, MAX]). */
export const RELIEF_DAY_OPTIONS = [7, 14, 30] as const;
/** The instalments a borrower may ask to add: every number in [MIN, MAX]. */
export const RELIEF_EXTRA_OPTIONS: readonly number[] = Array.from(
  { length: MAX_EXTRA_INSTALMENTS - MIN_EXTRA_INSTALMENTS + 1 },
  (_, k) => MIN_EXTRA_INSTALMENTS + k,
);

export const RELIEF_STATUSES = [
  'requested',
  'offered',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
] as const;
export type ReliefStatus = (typeof RELIEF_STATUSES)[number];

/** A request or offer still waiting for someone: one at a time per loan. */
export const OPEN_RELIEF_STATUSES = ['requested', 'offered'] as const satisfies readonly ReliefStatus[];

/** Reliefs a loan may be given in all: one, so relief cannot roll a loan on indefinitely. */
export const RELIEFS_PER_LOAN = 1;

/** How long an offer waits for the borrower's acceptance before it lapses. */
export const RELIEF_OFFER_DAYS = 7;

export const RELIEF_REASON_MIN = 10;
export const RELIEF_REASON_MAX = 500;
/** What staff write when they propose or decline. */
export const RELIEF_ANSWER_MAX = 500;
