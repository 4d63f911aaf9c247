import type { Limit } from '../../rate-limit/rate-limiter.ts';

/**
 * Abuse limits of the sign-in flow. SMS costs money and codes can be brute-forced, so sending is limited per phone
 * and per IP, first softly (an image captcha) then hard.
 */
export const AUTH_LIMITS = {
  /** A phone's first 3 codes in an hour go out without a captcha; from the 4th on a captcha is required. */
  phoneCodesPerHourWithoutCaptcha: 3,
  /** Same for an IP (shared NATs on mobile networks are common, so it is higher). */
  ipCodesPerHourWithoutCaptcha: 10,
  /** Hard: codes per phone per calendar day in Asia/Jakarta (SMS_DAILY_LIMIT, 4056). */
  phoneCodesPerDay: 10,
  /** Hard: code requests per IP per hour, whatever the captcha (RATE_LIMITED, 4029). */
  smsRequestsPerIp: { bucket: 'sms_request_ip', max: 60, windowSeconds: 3600 },
  /** Wrong passwords per phone, tries in flight included (4029 once reached, right password or not). */
  passwordFailuresPerPhone: { bucket: 'password_fail_phone', max: 5, windowSeconds: 900 },
  /** Wrong passwords per IP across phones (credential stuffing). */
  passwordFailuresPerIp: { bucket: 'password_fail_ip', max: 30, windowSeconds: 900 },
  /** Wrong current passwords when changing it, per user, tries in flight included. */
  oldPasswordFailuresPerUser: { bucket: 'old_password_fail_user', max: 5, windowSeconds: 900 },
  /** Forgotten-password resets (each hashes the new password with scrypt, 32 MiB), per phone and per IP. */
  passwordResetsPerPhone: { bucket: 'password_reset_phone', max: 10, windowSeconds: 900 },
  passwordResetsPerIp: { bucket: 'password_reset_ip', max: 30, windowSeconds: 900 },
  captchaImagesPerIp: { bucket: 'captcha_ip', max: 30, windowSeconds: 600 },
  refreshesPerIp: { bucket: 'refresh_ip', max: 120, windowSeconds: 600 },
} as const satisfies Record<string, Limit | number>;

export type AuthLimits = typeof AUTH_LIMITS;
