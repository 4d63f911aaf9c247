import { z } from 'zod';
import { phoneSchema } from '../validation/phone.ts';
import { newPasswordSchema, passwordSchema } from '../validation/password.ts';
import { documentInput } from '../validation/input-docs.ts';
import { smsCodeSchema } from '../validation/sms-code.ts';
import type { ErrorKey } from '../i18n/error-codes.ts';
import { PRIVACY_VERSION, TERMS_VERSION } from '../legal/versions.ts';
import { defineCall } from './define-call.ts';

/**
 * Seconds a code lives, the wait between two sends, and the wrong tries a code survives from all addresses together
 * (one address gets 5, and after 5 for a phone every try needs a captcha: auth-limits.ts). 20 wrong tries in a
 * million values leave a guesser one chance in 50,000 per code.
 */
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
export const SMS_CODE_MAX_TRIES = 20;

/**
 * An optional text field of a form or query: a blank value (what an empty input sends) means absent, so the server
 * never sees ''.
 */
export function optionalText<T extends z.ZodType<unknown, string>>(schema: T) {
  return documentInput(
    z
      .string()
      .transform((v) => (v.trim() === '' ? undefined : v))
      .pipe(schema.optional())
      .optional(),
    { kind: 'blank-is-absent', inner: schema },
  );
}

export const captchaAnswer = {
  captcha_id: optionalText(z.string().trim().pipe(z.uuid())).describe(
    'The id GET /v1/captcha answered (a UUID).',
  ),
  captcha_code: optionalText(z.string().trim().max(16)),
};

/**
 * The versions of the terms of use and the privacy policy the borrower accepted on the form: recorded with the
 * account, so the lender can show which text each borrower agreed to. Only the versions in force are accepted: a
 * page opened before the texts changed must show the new ones first (agreement.outdated).
 */
const acceptedAgreements = {
  terms_version: optionalText(
    z
      .string()
      .trim()
      .pipe(z.literal(TERMS_VERSION, { error: 'agreement.outdated' })),
  ).describe(
    'The terms of use the borrower accepted: the version in force (GET /v1/legal/versions). Required with `privacy_version` on the login that registers a phone (4000 `consent.required` otherwise); any other value answers 4000 `agreement.outdated` with the versions in force.',
  ),
  privacy_version: optionalText(
    z
      .string()
      .trim()
      .pipe(z.literal(PRIVACY_VERSION, { error: 'agreement.outdated' })),
  ).describe(
    'The privacy policy the borrower accepted: the version in force (GET /v1/legal/versions), as `terms_version`.',
  ),
};

/**
 * Where a new borrower came from (issue 26), sent with the code login and recorded once, on the login that registers
 * the phone; later sign-ins change nothing. An unknown partner key or referral code is ignored, never an error: the
 * sign-in must not fail for it. The `cl` header (the channel) is recorded with them.
 */
const signUpAttribution = {
  promote_platform: optionalText(z.string().trim().max(64)).describe(
    'The partner of /landing-page/:platform or the /index query (sepulsa, indonetwork, kitamapan, doku, doku-wallet, alana); any other value is ignored.',
  ),
  promote_agency: optionalText(z.string().trim().max(64)).describe('The agency of the /index query.'),
  referral_code: optionalText(z.string().trim().max(32)).describe(
    "A friend's referral code from /third/referral/login?ref=: the new borrower is attributed to them; an unknown code is ignored.",
  ),
};

/** GET /v2/sms_code: send a login/registration code. */
export const smsCodeQuerySchema = z.object({ phone: phoneSchema, ...captchaAnswer });
export type SmsCodeQuery = z.input<typeof smsCodeQuerySchema>;

/** POST /v1/reset_sms: send a code to reset a forgotten password; the same fields as the login code's query. */
const resetSmsBodySchema = smsCodeQuerySchema;
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

/**
 * POST /v1/login with an SMS code (registers the phone on its first login). The captcha is needed only when the
 * answer asked for one (4022, after repeated failures for the phone).
 */
export const smsLoginBodySchema = z.object({
  phone: phoneSchema,
  sms_code: smsCodeSchema,
  ...captchaAnswer,
  ...acceptedAgreements,
  ...signUpAttribution,
});

/** POST /v1/login with a password. */
export const passwordLoginBodySchema = z.object({
  phone: phoneSchema,
  password: passwordSchema,
  ...captchaAnswer,
  ...acceptedAgreements,
});

/** POST /v1/login: phone with either an SMS code or a password. */
export const loginBodySchema = z.union([smsLoginBodySchema, passwordLoginBodySchema]);
export type LoginBody = z.input<typeof loginBodySchema>;

export const tokenPairSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int().describe('Seconds until `token` expires; refresh before then.'),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = tokenPairSchema.extend({
  is_new: z
    .boolean()
    .describe('True when this login registered the phone (analytics H5_complete_registration).'),
  has_password: z.boolean(),
  phone: z.string().describe('Normalised phone (62...).'),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /v1/user/refresh: rotates the refresh token. */
export const refreshBodySchema = z.object({ refresh_token: z.string().min(1).max(512) });

/** POST /v1/user/set_password: forgotten password, proven by a code from /v1/reset_sms; answers a new session. */
export const resetPasswordBodySchema = newPasswordSchema({
  phone: phoneSchema,
  sms_code: smsCodeSchema,
  ...captchaAnswer,
  ...acceptedAgreements,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/**
 * POST /v1/alter/login_pass (signed in): sets the first password, or changes it.
 * `old_password` is required when a password is already set.
 */
export const alterPasswordBodySchema = newPasswordSchema({ old_password: optionalText(z.string().max(64)) });
export type AlterPasswordBody = z.input<typeof alterPasswordBodySchema>;

/** Empty object answer of logout and password changes. */
export const emptyResponseSchema = z.object({}).strict().nullable();

const CODE_ANSWER =
  'Answers `captcha: 1` without sending when the phone or the caller has asked too often: show the image from ' +
  '/v1/captcha and repeat the call with `captcha_id` and `captcha_code`. `resend_in` is the wait before another code.';

const CODE_ERRORS = [
  'BAD_PHONE',
  'CAPTCHA_WRONG',
  'SMS_COOLDOWN',
  'SMS_DAILY_LIMIT',
  'RATE_LIMITED',
] as const satisfies readonly ErrorKey[];
const CODE_CHECK_ERRORS = [
  'BAD_PHONE',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_WRONG',
  'SMS_CODE_WRONG',
  'SMS_CODE_EXPIRED',
  'SMS_CODE_LOCKED',
  'RATE_LIMITED',
] as const satisfies readonly ErrorKey[];

export const authCalls = {
  sendLoginCode: defineCall('sendLoginCode', {
    tag: 'sign-in',
    summary: 'Send a login code by SMS',
    description: `Sends a six-digit code to the phone; its first login registers the phone. ${CODE_ANSWER}`,
    errors: CODE_ERRORS,
    query: smsCodeQuerySchema,
    response: smsCodeResponseSchema,
  }),
  sendLoginCodeByPost: defineCall('sendLoginCodeByPost', {
    tag: 'sign-in',
    summary: 'Send a login code by SMS (form body)',
    description: `The spec's POST form of GET /v2/sms_code, with the same fields as a form or JSON body. ${CODE_ANSWER}`,
    errors: CODE_ERRORS,
    body: smsCodeQuerySchema,
    response: smsCodeResponseSchema,
  }),
  sendResetCode: defineCall('sendResetCode', {
    tag: 'sign-in',
    summary: 'Send a code to reset a forgotten password',
    description: `Answers the same, in the same time, for registered and unknown phones, so it cannot tell who has an account; only a registered phone receives a code. ${CODE_ANSWER}`,
    errors: CODE_ERRORS,
    body: resetSmsBodySchema,
    response: smsCodeResponseSchema,
  }),
  getCaptcha: defineCall('getCaptcha', {
    tag: 'sign-in',
    summary: 'A new image captcha',
    description:
      'A PNG (base64) and its id; each answer is spent on its first use and expires after a few minutes. Never cached.',
    errors: ['RATE_LIMITED'],
    response: captchaResponseSchema,
  }),
  login: defineCall('login', {
    tag: 'sign-in',
    summary: 'Log in with an SMS code or a password',
    description:
      'Phone with `sms_code` (registers the phone on its first login, which must carry `terms_version` and `privacy_version` from GET /v1/legal/versions) or with `password`. Answers an access token, a refresh token and the account basics.',
    errors: [...CODE_CHECK_ERRORS, 'LOGIN_FAILED', 'ACCOUNT_BLOCKED'],
    body: loginBodySchema,
    response: loginResponseSchema,
  }),
  resetPassword: defineCall('resetPassword', {
    tag: 'sign-in',
    summary: 'Set a new password with a reset code',
    description:
      'A forgotten password, proven by a code from /v1/reset_sms. Ends every other session of the account and answers a new one.',
    errors: [...CODE_CHECK_ERRORS, 'PASSWORD_RULE', 'PASSWORD_MISMATCH', 'ACCOUNT_BLOCKED'],
    body: resetPasswordBodySchema,
    response: loginResponseSchema,
  }),
  alterPassword: defineCall('alterPassword', {
    tag: 'sign-in',
    summary: 'Set or change the password (signed in)',
    description:
      'Sets the first password, or changes it when `old_password` is right. Other sessions of the account end.',
    errors: ['OLD_PASSWORD_WRONG', 'PASSWORD_RULE', 'PASSWORD_MISMATCH', 'RATE_LIMITED'],
    body: alterPasswordBodySchema,
    response: emptyResponseSchema,
  }),
  logout: defineCall('logout', {
    tag: 'sign-in',
    summary: 'Log out',
    description: "Ends this session (its access and refresh tokens); the account's other sessions stay.",
    errors: [],
    response: emptyResponseSchema,
  }),
  refreshSession: defineCall('refreshSession', {
    tag: 'sign-in',
    summary: 'Exchange a refresh token for a new pair',
    description:
      'Rotates the refresh token: the old one stops working. Presenting a used refresh token again ends the whole session family (a stolen token is useless after its owner refreshed). 4047 means: sign in again.',
    errors: ['SESSION_LOST', 'RATE_LIMITED'],
    body: refreshBodySchema,
    response: tokenPairSchema,
  }),
};
