import type { QueryKey } from '@tanstack/react-query';
import { loanKeys, repaymentKeys, userKeys } from '../../lib/query-keys.ts';

// Here rather than in lib/query-keys.ts: that module is in the first page's chunk, and only this feature's chunk reads
// these.

/** Relief: whether the borrower may ask and their requests; a request's addendum is `[...addendum, id]`. */
export const reliefKeys = {
  all: ['relief'],
  overview: ['relief', 'overview'],
  addendum: ['relief', 'addendum'],
} as const;

/**
 * What accepting relief changes: the request itself, every unpaid bill's due date (the bills and histories), and the
 * home's status and the open order (a late bill may be late no longer).
 */
export const RELIEF_CHANGES: readonly QueryKey[] = [
  reliefKeys.all,
  repaymentKeys.all,
  userKeys.status,
  loanKeys.currentOrder,
];
