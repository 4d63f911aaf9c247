/** The encryption contexts of a correction request's values (security/encrypted-columns.ts lists the columns). */
export const PROPOSED_PURPOSE = 'correction_requests.proposed';
export const REASON_PURPOSE = 'correction_requests.reason';
/** The number an account was registered with, kept with its closure for the retention period. */
export const CLOSED_PHONE_PURPOSE = 'account_closures.phone';
