import { z } from 'zod';
import { phoneSchema } from '../validation/phone.ts';
import { newPasswordSchema, passwordSchema } from '../validation/password.ts';
import { smsCodeSchema } from '../validation/sms-code.ts';

/** Seconds a code lives, the wait between two sends, and the wrong tries allowed per code. */
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_MAX_TRIES = 5;

/**
 * An optional text field of a form or query: a blank value (what an empty input sends) means absent, so the server
 * never sees ''.
 */
export function optionalText<T extends z.ZodType<unknown, string>>(schema: T) {
  return z
    .string()
    .transform((v) => (v.trim() === '' ? undefined : v))
    .pipe(schema.optional())
    .optional();
}

const captchaAnswer = {
  /** The id GET /v1/captcha answered (a UUID). */
  captcha_id: optionalText(z.string().trim().pipe(z.uuid())),
  captcha_code: optionalText(z.string().trim().max(16)),
};

/** GET /v2/sms_code: send a login/registration code. */
export const smsCodeQuerySchema = z.object({ phone: phoneSchema, ...captchaAnswer });
export type SmsCodeQuery = z.input<typeof smsCodeQuerySchema>;

/** POST /v1/reset_sms: send a code to reset a forgotten password. */
export const resetSmsBodySchema = smsCodeQuerySchema;
export type ResetSmsBody = z.input<typeof resetSmsBodySchema>;

/**
 * Answer of both code calls. `captcha: 1` means no code was sent: the client must show the image captcha
 * and repeat the call with `captcha_id` and `captcha_code`. `resend_in` is the cooldown in seconds.
 */
export const smsCodeResponseSchema = z.object({
  captcha: z.union([z.literal(0), z.literal(1)]),
  resend_in: z.number().int().nonnegative(),
});
export type SmsCodeResponse = z.infer<typeof smsCodeResponseSchema>;

/** GET /v1/captcha: a generated image; `png` is base64 without a data: prefix. */
export const captchaResponseSchema = z.object({ id: z.string(), png: z.string() });
export type CaptchaResponse = z.infer<typeof captchaResponseSchema>;

/** POST /v1/login with an SMS code (registers the phone on its first login). */
export const smsLoginBodySchema = z.object({ phone: phoneSchema, sms_code: smsCodeSchema });
export type SmsLoginBody = z.input<typeof smsLoginBodySchema>;

/** POST /v1/login with a password. */
export const passwordLoginBodySchema = z.object({ phone: phoneSchema, password: passwordSchema });
export type PasswordLoginBody = z.input<typeof passwordLoginBodySchema>;

/** POST /v1/login: phone with either an SMS code or a password. */
export const loginBodySchema = z.union([smsLoginBodySchema, passwordLoginBodySchema]);
export type LoginBody = z.input<typeof loginBodySchema>;

export const tokenPairSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  /** Seconds until `token` expires; refresh before then. */
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = tokenPairSchema.extend({
  /** True when this login registered the phone (analytics H5_complete_registration). */
  is_new: z.boolean(),
  has_password: z.boolean(),
  /** Normalised phone (62...). */
  phone: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /v1/user/refresh: rotates the refresh token. */
export const refreshBodySchema = z.object({ refresh_token: z.string().min(1).max(512) });
export type RefreshBody = z.input<typeof refreshBodySchema>;

/** POST /v1/user/set_password: forgotten password, proven by a code from /v1/reset_sms; answers a new session. */
export const resetPasswordBodySchema = newPasswordSchema({ phone: phoneSchema, sms_code: smsCodeSchema });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/**
 * POST /v1/alter/login_pass (signed in): sets the first password, or changes it.
 * `old_password` is required when a password is already set.
 */
export const alterPasswordBodySchema = newPasswordSchema({ old_password: optionalText(z.string().max(64)) });
export type AlterPasswordBody = z.input<typeof alterPasswordBodySchema>;

/** Empty object answer of logout and password changes. */
export const emptyResponseSchema = z.object({}).strict().nullable();
