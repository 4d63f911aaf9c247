// zod-free, so first-paint code (the checkout a shop's buyer opens first) can read a status without loading zod.

/** spec section 3/4: verify 0 unaudited, 1 auditing, 2 approved, 3 rejected. */
export const VERIFY = { UNAUDITED: 0, AUDITING: 1, APPROVED: 2, REJECTED: 3 } as const;
/** spec section 4: bill_status when verify is 2. */
export const BILL_STATUS = { NONE: 0, LOANING: 1, REPAYING: 2, SETTLED: 3, FAILED: 4 } as const;
