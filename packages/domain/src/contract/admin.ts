import { z } from 'zod';
import { PERMISSIONS, ROLE_NAMES } from '../staff/permissions.ts';
import { newPasswordSchema, passwordSchema } from '../validation/password.ts';
import { emptyResponseSchema } from './auth.ts';
import { defineCall } from './define-call.ts';

/** Seconds a staff session lives without a request, and at most (admin/staff: staff-sessions.ts reads these). */
export const STAFF_IDLE_SECONDS = 30 * 60;
export const STAFF_SESSION_MAX_SECONDS = 12 * 3600;
/** Recovery codes given once when the authenticator app is set up; each signs in once without it. */
export const RECOVERY_CODE_COUNT = 10;

/** A work e-mail, compared without case: stored lower-cased. */
export const staffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'email.invalid' }));
const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'code.invalid' });
/** Recovery codes are shown as xxxxx-xxxxx; dashes and case are forgiven when typed back. */
const recoveryCodeSchema = z
  .string()
  .trim()
  .max(32)
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, { error: 'code.invalid' }));
const reasonSchema = z.string().trim().min(1).max(500);
const permissionSchema = z.enum(Object.values(PERMISSIONS));
const roleSchema = z.enum(ROLE_NAMES);

const signInResponseSchema = z.object({
  token: z.string().describe("The staff session's token, sent as `Authorization` on every back-office call."),
  next: z
    .enum(['enrol_totp', 'verify_totp'])
    .describe(
      'What the token still needs before any other call: setting up an authenticator app, or its code.',
    ),
  idle_seconds: z.number().int().describe('Seconds the session lives without a request.'),
  password_change_required: z
    .boolean()
    .describe(
      'Signed in with a one-time password: after the second factor, POST /admin/password before anything else.',
    ),
});

const staffSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
});

const menuPageSchema = z.object({
  key: z.string(),
  label: z.string(),
  path: z.string(),
  permission: permissionSchema,
});
const menuGroupSchema = z.object({ key: z.string(), label: z.string(), pages: z.array(menuPageSchema) });

/** The back office's calls (issue 25): staff sign-in with a second factor, the menu a role opens, staff accounts. */
export const adminCalls = {
  adminSignIn: defineCall('adminSignIn', {
    summary: 'Staff sign-in, first factor',
    description:
      'E-mail and password of a staff member. Answers a token that opens only the second-factor calls: ' +
      '`next` says whether an authenticator app must be set up (`enrol_totp`) or its code entered (`verify_totp`). ' +
      'Unknown e-mail, wrong password and disabled account answer the same LOGIN_FAILED; 5 wrong passwords for an ' +
      "e-mail in 15 minutes lock it (RATE_LIMITED) for the rest of the window, known or not. An administrator's " +
      'one-time password signs in for 72 hours (STAFF_ONE_TIME_PASSWORD_EXPIRED after, to its holder only).',
    tag: 'back-office',
    errors: ['LOGIN_FAILED', 'RATE_LIMITED', 'STAFF_ONE_TIME_PASSWORD_EXPIRED'],
    body: z.object({ email: staffEmailSchema, password: passwordSchema }),
    response: signInResponseSchema,
  }),
  adminEnrolTotp: defineCall('adminEnrolTotp', {
    summary: 'Set up an authenticator app',
    description:
      'For a signed-in staff member without one: a new TOTP secret, shown once as an otpauth URL and a QR code ' +
      '(a data: URL). It counts only after /admin/totp/confirm with a first valid code; calling again replaces it.',
    tag: 'back-office',
    errors: ['STAFF_TOTP_ENROLLED'],
    response: z.object({ secret: z.string(), otpauth_url: z.string(), qr_data_url: z.string() }),
  }),
  adminConfirmTotp: defineCall('adminConfirmTotp', {
    summary: 'Confirm the authenticator app',
    description:
      'A first valid code from the app set up by /admin/totp/enrol: the app is then required at every sign-in, ' +
      `this session is verified, and ${RECOVERY_CODE_COUNT} recovery codes are answered, once (only their hashes ` +
      'are kept).',
    tag: 'back-office',
    errors: ['STAFF_CODE_WRONG', 'STAFF_TOTP_ENROLLED', 'STAFF_TOTP_NOT_ENROLLED', 'RATE_LIMITED'],
    body: z.object({ totp_code: totpCodeSchema }),
    response: z.object({ recovery_codes: z.array(z.string()) }),
  }),
  adminVerifyTotp: defineCall('adminVerifyTotp', {
    summary: 'Staff sign-in, second factor',
    description:
      'The current code of the authenticator app (a code is accepted once), or one recovery code (used up). ' +
      'Verifies the session: the other back-office calls open to it, as far as the role allows. 5 wrong codes in ' +
      '15 minutes answer RATE_LIMITED.',
    tag: 'back-office',
    errors: ['STAFF_CODE_WRONG', 'STAFF_TOTP_NOT_ENROLLED', 'RATE_LIMITED'],
    body: z.union([z.object({ totp_code: totpCodeSchema }), z.object({ recovery_code: recoveryCodeSchema })]),
    response: z.object({ role: roleSchema, permissions: z.array(permissionSchema) }),
  }),
  adminSignOut: defineCall('adminSignOut', {
    summary: 'Staff sign-out',
    description: 'Ends this session.',
    tag: 'back-office',
    errors: [],
    response: emptyResponseSchema,
  }),
  adminSignOutEverywhere: defineCall('adminSignOutEverywhere', {
    summary: 'Staff sign-out everywhere',
    description:
      'Ends every session of the signed-in staff member, this one included (a lost laptop, a shared screen).',
    tag: 'back-office',
    errors: [],
    response: emptyResponseSchema,
  }),
  adminChangePassword: defineCall('adminChangePassword', {
    summary: 'Change the staff password',
    description:
      "The current password (a one-time password included) and a new one under the borrowers' rules. The only " +
      'call besides sign-out that a member signed in with a one-time password may make (the others answer ' +
      "STAFF_PASSWORD_CHANGE_REQUIRED); the member's other sessions end.",
    tag: 'back-office',
    errors: ['OLD_PASSWORD_WRONG', 'RATE_LIMITED'],
    body: newPasswordSchema({ old_password: passwordSchema }).refine((v) => v.password !== v.old_password, {
      error: 'password.unchanged',
      path: ['password'],
    }),
    response: emptyResponseSchema,
  }),
  getPermissionTree: defineCall('getPermissionTree', {
    summary: 'The signed-in staff member, their permissions and menu',
    description:
      'The role, its permissions, and the back-office menu pruned to the pages they open (groups without an ' +
      'allowed page are left out), labelled in the `lan` language.',
    tag: 'back-office',
    errors: [],
    response: z.object({
      staff: staffSchema,
      permissions: z.array(permissionSchema),
      menus: z.array(menuGroupSchema),
    }),
  }),
  createStaff: defineCall('createStaff', {
    summary: 'Create a staff member',
    description:
      'An administrator (staff.manage) adds a staff member with a role, saying why (kept in the audit log). The ' +
      'answer holds a one-time password to hand over; the new member signs in with it and sets up an authenticator ' +
      'app.',
    tag: 'back-office',
    errors: ['STAFF_EMAIL_TAKEN'],
    body: z.object({
      email: staffEmailSchema,
      name: z.string().trim().min(1).max(100),
      role: roleSchema,
      reason: reasonSchema,
    }),
    response: staffSchema.extend({ one_time_password: z.string() }),
  }),
  disableStaff: defineCall('disableStaff', {
    summary: 'Disable a staff member',
    description:
      'Ends every session of the staff member and refuses their sign-in from now on; the account and its audit ' +
      'trail stay. An administrator cannot disable themselves.',
    tag: 'back-office',
    errors: ['NOT_FOUND'],
    params: z.object({ id: z.uuid() }),
    body: z.object({ reason: reasonSchema }),
    response: z.object({ id: z.string(), disabled: z.literal(true) }),
  }),
  resetStaffAccess: defineCall('resetStaffAccess', {
    summary: "Reset a staff member's sign-in",
    description:
      'For a member who lost their authenticator app or forgot their password: a new one-time password (answered ' +
      'once, to hand over in person), their authenticator app and recovery codes forgotten, every session ended. ' +
      'At the next sign-in they choose a password and set up the app again. Not for oneself (change your own ' +
      'password instead), nor for a disabled member.',
    tag: 'back-office',
    errors: ['NOT_FOUND', 'CONFLICT'],
    params: z.object({ id: z.uuid() }),
    body: z.object({ reason: reasonSchema }),
    response: z.object({ id: z.string(), one_time_password: z.string() }),
  }),
};
