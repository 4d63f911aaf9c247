import type { Limit } from '../../rate-limit/rate-limiter.ts';

const FIFTEEN_MINUTES = 900;

/**
 * How long an administrator's one-time password signs in (a new member's, or a reset one): long enough to hand over
 * across a weekend, short enough that one left on a note stops working. After it, an administrator resets it again.
 */
export const ONE_TIME_PASSWORD_HOURS = 72;

/**
 * Limits of the back-office sign-in. The lock-out is per e-mail, whether or not a staff member has it, so it tells
 * nobody which e-mails exist; right answers take their try back, so only failures count.
 */
export const STAFF_LIMITS = {
  /** Wrong passwords for an e-mail from any address: past 5, the e-mail is locked for the rest of the window. */
  passwordFailuresPerEmail: { bucket: 'staff_password_fail_email', max: 5, windowSeconds: FIFTEEN_MINUTES },
  /** Wrong passwords from one address across e-mails (credential stuffing). */
  passwordFailuresPerIp: { bucket: 'staff_password_fail_ip', max: 20, windowSeconds: FIFTEEN_MINUTES },
  /** Wrong current passwords when changing it, per member (already past both factors, so only the member). */
  oldPasswordFailuresPerStaff: { bucket: 'staff_old_password_fail', max: 5, windowSeconds: FIFTEEN_MINUTES },
  /** Wrong TOTP or recovery codes per staff member: 6 digits must not be guessable by trying. */
  codeFailuresPerStaff: { bucket: 'staff_code_fail', max: 5, windowSeconds: FIFTEEN_MINUTES },
} as const satisfies Record<string, Limit>;
