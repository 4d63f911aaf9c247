/**
 * Apart from the rest of the rights' rules (legal/personal-data-rights.ts): the error envelope names them, and it is in
 * the web app's first paint.
 */

/** Why an account cannot be deleted now: each is shown to the borrower, and each ends by itself or by paying. */
export const DELETION_BLOCKERS = [
  /** A loan not finished: awaiting disbursement, being repaid, overdue or written off but still owed. */
  'loan_open',
  /** An application waiting for its credit decision. */
  'application_pending',
  /** Money on its way back to the borrower (a refund not yet completed). */
  'refund_pending',
  /** A payment claim not yet answered. */
  'claim_open',
  /** A payment of theirs waiting for review or being returned. */
  'payment_unresolved',
] as const;
export type DeletionBlocker = (typeof DELETION_BLOCKERS)[number];
