import { z } from 'zod';
import { phoneSchema } from '../validation/phone.ts';
import { smsCodeSchema } from '../validation/sms-code.ts';
import { optionalText, smsCodeResponseSchema } from './auth.ts';
import { LIVENESS_ACTIONS } from '../verification/liveness.ts';
import { defineCall, IMAGE_TYPES } from './define-call.ts';

/**
 * The two checks a borrower passes before submitting (spec section 2: /home/whatsapp, /user-face): a WhatsApp number
 * confirmed by a code sent over WhatsApp, and a selfie that matches the face on their KTP photo.
 */

/** Face checks a borrower may run per Asia/Jakarta day (every outcome counts, so nobody can probe the threshold). */
export const FACE_CHECKS_PER_DAY = 5;

/** POST /v1/user/whatsapp_code: send a code to the WhatsApp number (ours: the spec shows only the confirm call). */
export const whatsappCodeBodySchema = z.object({
  phone: phoneSchema,
  captcha_id: optionalText(z.string().trim().pipe(z.uuid())),
  captcha_code: optionalText(z.string().trim().max(16)),
});

/** POST /v1/user/whatsapp_phone (spec section 7): the number and the code it received. */
export const whatsappConfirmBodySchema = z.object({ phone: phoneSchema, sms_code: smsCodeSchema });
export type WhatsappConfirmBody = z.input<typeof whatsappConfirmBodySchema>;

/** Outcomes of a face check: `retry` asks for another selfie, `fail` means another person's face. */
export const FACE_RESULTS = ['pass', 'retry', 'fail'] as const;

/** Why a check answered retry or fail; null on pass. */
export const FACE_REASONS = [
  'no_face',
  'several_faces',
  'too_small',
  'too_dark',
  'ktp_no_face',
  'different_person',
  // The live check's own (verification/liveness.ts): a picture rather than a face, the action not seen, not facing.
  'not_live',
  'no_motion',
  'not_facing',
] as const;
export type FaceReason = (typeof FACE_REASONS)[number];

/** How long a live check's challenge may be answered: the borrower is in front of the camera when it is asked. */
export const LIVENESS_CHALLENGE_SECONDS = 120;

/** POST /v1/user/liveness_challenge: the action to do in front of the camera, and the token that answers it. */
export const livenessChallengeResponseSchema = z.object({
  challenge_id: z.string().describe('Sent back with the frames; answers one face check, once.'),
  action: z
    .enum(LIVENESS_ACTIONS)
    .describe("'turn': turn the head to a side and back; 'blink': close both eyes."),
  expires_in: z.number().int().positive().describe('Seconds the challenge may still be answered.'),
});
export type LivenessChallenge = z.infer<typeof livenessChallengeResponseSchema>;

/** The text part of POST /v1/user/face_check: the challenge the frames answer, absent for a single selfie. */
export const faceCheckFormSchema = z.object({ challenge_id: optionalText(z.string().trim().max(300)) });

/** The form fields of the live check's frames (the first is the selfie matched with the KTP photo). */
export const LIVE_FRAME_FIELDS = { start: 'selfie', action: 'action_frame', end: 'end_frame' } as const;

/** Where the borrower stands with each check (GET /v1/user/verification). */
/** Where bill reminders and overdue notices go: the sign-in phone by SMS (the default), or the confirmed WhatsApp. */
export const REMINDER_CHANNELS = ['sms', 'whatsapp'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

export const verificationStateSchema = z.object({
  whatsapp: z.object({
    verified: z.boolean(),
    phone_masked: z.string().nullable().describe('The confirmed number, masked (0812*****7890), or null.'),
  }),
  reminder_channel: z
    .enum(REMINDER_CHANNELS)
    .describe(
      "Where bill reminders and overdue notices go: 'sms' to the sign-in phone, 'whatsapp' to the confirmed number.",
    ),
  face: z.object({
    status: z
      .enum(['none', 'pass', 'retry', 'fail'])
      .describe(
        'none: never checked; retry: the last selfie could not be used; fail: the last one was another person.',
      ),
    reason: z.enum(FACE_REASONS).nullable(),
    tries_left: z.number().int().nonnegative().describe('Checks left today (Asia/Jakarta day).'),
  }),
  profile_complete: z.boolean().describe('Every profile step is done (GET /v1/user/profile_progress).'),
  can_submit: z
    .boolean()
    .describe(
      'Submit would be accepted now: profile complete, both checks passed, not submitted or rejected too recently.',
    ),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;

export const whatsappConfirmResponseSchema = z.object({
  verified: z.literal(true),
  phone_masked: z.string(),
});

export const faceCheckResponseSchema = z.object({
  result: z.enum(FACE_RESULTS),
  reason: z.enum(FACE_REASONS).nullable(),
  tries_left: z.number().int().nonnegative(),
});
export type FaceCheckResponse = z.infer<typeof faceCheckResponseSchema>;

/** POST /v1/user/reminder_channel: the borrower's choice of channel for reminders. */
export const reminderChannelBodySchema = z.object({ channel: z.enum(REMINDER_CHANNELS) });
export const reminderChannelResponseSchema = z.object({ reminder_channel: z.enum(REMINDER_CHANNELS) });

const lockedErrors = ['PROFILE_LOCKED'] as const;

export const verificationCalls = {
  getVerification: defineCall('getVerification', {
    tag: 'profile',
    summary: 'WhatsApp and face checks, and whether the application can be submitted',
    description: 'The state of each check for the signed-in borrower, read from the database.',
    errors: [],
    response: verificationStateSchema,
  }),
  sendWhatsappCode: defineCall('sendWhatsappCode', {
    tag: 'profile',
    summary: 'Send a verification code to a WhatsApp number',
    description:
      'Sends a 6-digit code over WhatsApp through the messaging provider, with the expiry, tries, cooldown, captcha and daily limits of SMS sign-in codes. `captcha: 1` means no code was sent: show the image captcha and repeat the call with `captcha_id` and `captcha_code`.',
    errors: ['SMS_COOLDOWN', 'SMS_DAILY_LIMIT', 'CAPTCHA_WRONG', 'RATE_LIMITED', ...lockedErrors],
    body: whatsappCodeBodySchema,
    response: smsCodeResponseSchema,
  }),
  confirmWhatsapp: defineCall('confirmWhatsapp', {
    tag: 'profile',
    summary: 'Confirm the WhatsApp number with its code',
    description:
      'The number and the code sent to it. A wrong code counts a try; after too many the code is locked and a new one must be requested.',
    errors: ['SMS_CODE_WRONG', 'SMS_CODE_EXPIRED', 'SMS_CODE_LOCKED', 'RATE_LIMITED', ...lockedErrors],
    body: whatsappConfirmBodySchema,
    response: whatsappConfirmResponseSchema,
  }),
  setReminderChannel: defineCall('setReminderChannel', {
    tag: 'profile',
    summary: 'Choose where bill reminders go: SMS or WhatsApp',
    description:
      "'whatsapp' sends reminders and overdue notices to the confirmed WhatsApp number instead of SMS; it needs one (4306). Messages keep to the borrower's contact hours either way. Can be changed at any time.",
    errors: ['WHATSAPP_NOT_VERIFIED'],
    body: reminderChannelBodySchema,
    response: reminderChannelResponseSchema,
  }),
  livenessChallenge: defineCall('livenessChallenge', {
    tag: 'profile',
    summary: 'Start a live face check: the action to do in front of the camera',
    description: `A random action (turn the head, or blink) and a token valid for ${LIVENESS_CHALLENGE_SECONDS} seconds. The camera takes three frames (looking straight, doing the action, looking straight again) and sends them with the token to POST /v1/user/face_check. 4287 when the server has no live check: send a single selfie instead, which a person reviews before any loan. 4286 when today's checks are used up; 4029 after ${4 * FACE_CHECKS_PER_DAY} challenges in a day.`,
    errors: ['FACE_DAILY_LIMIT', 'FACE_CHECK_UNAVAILABLE', 'RATE_LIMITED', ...lockedErrors],
    response: livenessChallengeResponseSchema,
  }),
  checkFace: defineCall('checkFace', {
    tag: 'profile',
    summary: 'Check that a live borrower is the face on their KTP photo',
    description: `Multipart form. A live check: \`challenge_id\` from POST /v1/user/liveness_challenge and three frames, \`${LIVE_FRAME_FIELDS.start}\` (looking straight), \`${LIVE_FRAME_FIELDS.action}\` (doing the action) and \`${LIVE_FRAME_FIELDS.end}\` (straight again): they must show one live person doing the action, and that person's face is compared with the face on the KTP photo. Without a challenge, \`${LIVE_FRAME_FIELDS.start}\` alone is compared (for a camera that cannot run the live check): a pass then waits for a person's review before any loan. \`pass\`: same person. \`retry\`: try again (\`reason\` says why: a still picture, the action not seen, ...). \`fail\`: another person's face. At most ${FACE_CHECKS_PER_DAY} checks a day (4286 after); a challenge answers one check (4288 when used or expired). The selfie is stored encrypted; the other frames and biometric templates are not kept.`,
    errors: [
      'KTP_PHOTO_REQUIRED',
      'FACE_DAILY_LIMIT',
      'FACE_CHECK_UNAVAILABLE',
      'LIVENESS_CHALLENGE_EXPIRED',
      ...lockedErrors,
    ],
    form: faceCheckFormSchema,
    upload: {
      field: LIVE_FRAME_FIELDS.start,
      required: true,
      mediaTypes: IMAGE_TYPES,
      description: "The borrower's selfie, looking straight (JPEG, PNG or WebP, at most 5 MiB).",
      alsoFiles: [
        { field: LIVE_FRAME_FIELDS.action, description: 'A live check: the frame of the action.' },
        {
          field: LIVE_FRAME_FIELDS.end,
          description: 'A live check: the last frame, looking straight again.',
        },
      ],
    },
    response: faceCheckResponseSchema,
  }),
};
