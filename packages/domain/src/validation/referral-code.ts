/**
 * Referral codes (issue 26): 8 characters of an alphabet without 0/O and 1/I/L, so a code can be read aloud and typed
 * from a screenshot. Zod-free: the sign-in form reads a stored code with it.
 */
export const REFERRAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
const REFERRAL_CODE_PATTERN = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;

/** A code as typed or carried in a link (any case, spaces around), or null when it cannot be one. */
export function normaliseReferralCode(value: string | null | undefined): string | null {
  const code = (value ?? '').trim().toUpperCase();
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}
