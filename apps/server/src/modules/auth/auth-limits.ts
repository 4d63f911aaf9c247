import type { Limit } from '../../rate-limit/rate-limiter.ts';

const FIFTEEN_MINUTES = 900;

/**
 * Abuse limits of the sign-in flow (README "Sign-in limits" states each). The rule: what someone else can do to a
 * phone only ever asks for a captcha (the soft limits: past `max`, a solved captcha is needed); a hard refusal
 * (RATE_LIMITED) is per IP, or per phone and IP, so it stops the address that misbehaves and never the owner on
 * their own connection.
 */
export const AUTH_LIMITS = {
  // ---- sending codes (SMS costs money and spams a phone)
  /** A phone's first 3 codes in an hour go out without a captcha; from the 4th on a captcha is required. */
  phoneCodesPerHourWithoutCaptcha: 3,
  /** Same for an IP (shared NATs on mobile networks are common, so it is higher). */
  ipCodesPerHourWithoutCaptcha: 10,
  /** Hard: codes one IP may have sent to one phone per calendar day in Asia/Jakarta (SMS_DAILY_LIMIT, 4056). */
  phoneIpCodesPerDay: 10,
  /**
   * Hard: codes per phone per day from all addresses together, far above what the owner needs, so that solving
   * captchas from many addresses cannot turn a phone into an SMS-bombing target. The owner can still log in with a
   * password.
   */
  phoneCodesPerDay: 30,
  /** Hard: code requests per IP per hour, whatever the captcha (RATE_LIMITED, 4029). */
  smsRequestsPerIp: { bucket: 'sms_request_ip', max: 60, windowSeconds: 3600 },

  // ---- checking codes (6 digits: a million values)
  /** Soft: wrong codes for a phone from any address, after which code checks for it need a captcha. */
  codeFailuresPerPhone: { bucket: 'code_fail_phone', max: 5, windowSeconds: FIFTEEN_MINUTES },
  /** Hard: wrong codes from one address for one phone. */
  codeFailuresPerPhoneIp: { bucket: 'code_fail_phone_ip', max: 5, windowSeconds: FIFTEEN_MINUTES },
  /** Hard: wrong codes from one address across phones (today's 200 tries were all just "wrong code"). */
  codeFailuresPerIp: { bucket: 'code_fail_ip', max: 30, windowSeconds: FIFTEEN_MINUTES },

  // ---- checking passwords
  /** Soft: wrong passwords for a phone from any address, after which password logins for it need a captcha. */
  passwordFailuresPerPhone: {
    bucket: 'password_fail_phone',
    max: 5,
    windowSeconds: FIFTEEN_MINUTES,
  },
  /** Hard: wrong passwords from one address for one phone. */
  passwordFailuresPerPhoneIp: { bucket: 'password_fail_phone_ip', max: 5, windowSeconds: FIFTEEN_MINUTES },
  /** Hard: wrong passwords from one address across phones (credential stuffing). */
  passwordFailuresPerIp: { bucket: 'password_fail_ip', max: 30, windowSeconds: FIFTEEN_MINUTES },
  /** Wrong current passwords when changing it, per user (already signed in, so only the owner's session), tries in flight included. */
  oldPasswordFailuresPerUser: { bucket: 'old_password_fail_user', max: 5, windowSeconds: FIFTEEN_MINUTES },

  // ---- other work worth limiting
  /** Forgotten-password resets (each hashes the new password with scrypt, 32 MiB), per phone and IP, and per IP. */
  passwordResetsPerPhoneIp: { bucket: 'password_reset_phone_ip', max: 10, windowSeconds: FIFTEEN_MINUTES },
  passwordResetsPerIp: { bucket: 'password_reset_ip', max: 30, windowSeconds: FIFTEEN_MINUTES },
  captchaImagesPerIp: { bucket: 'captcha_ip', max: 30, windowSeconds: 600 },
  refreshesPerIp: { bucket: 'refresh_ip', max: 120, windowSeconds: 600 },
} as const satisfies Record<string, Limit | number>;

export type AuthLimits = typeof AUTH_LIMITS;

/** The subject of a per-phone-and-address count. */
export const phoneAtIp = (phone: string, ip: string): string => `${phone}@${ip}`;
