import { z } from 'zod';
import { defineCall } from './define-call.ts';

/** GET /dev/outbox?phone=: messages the dev SMS provider stored, newest first (never in production). */
export const outboxQuerySchema = z.object({ phone: z.string().max(32).optional() });
export const outboxMessageSchema = z.object({
  channel: z.string(),
  to: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  created_at: z.string(),
});
export const outboxResponseSchema = z.array(outboxMessageSchema);

/** GET /dev/captcha/:id: the answer of a captcha, for browser tests. */
export const devCaptchaResponseSchema = z.object({ code: z.string() });

export const devCaptchaParamsSchema = z.object({ id: z.string().max(64) });

/** The dev clock: where the app's time and business date stand. */
export const devClockSchema = z.object({ now: z.string(), business_date: z.string() });
/**
 * POST /dev/clock: move forward whole days, then (with `at_wib`) on to the next moment the Jakarta clock reads that
 * time (collection contacts, reminders and notices keep hours); the daily jobs run for each day passed.
 */
export const devClockBodySchema = z.object({
  days: z.coerce.number().int().min(0).max(400),
  seconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400)
    .optional()
    .describe('Seconds to move on after the days (a resend interval, an expiry), before `at_wib`.'),
  at_wib: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .optional()
    .describe('HH:mm in Jakarta (WIB): after the days, forward to the next time the clock reads it.'),
});
export const devClockAdvancedSchema = devClockSchema.extend({
  days: z.array(z.object({ date: z.string(), loans: z.number().int(), became_overdue: z.number().int() })),
});

export const devCalls = {
  getDevClock: defineCall('getDevClock', {
    tag: 'development',
    summary: "The dev clock's time and business date",
    description: 'Never in production.',
    errors: [],
    response: devClockSchema,
  }),
  advanceDevClock: defineCall('advanceDevClock', {
    tag: 'development',
    summary: 'Move the business date forward and run the daily jobs for each day',
    description:
      'Moves the app clock `days` (and `seconds`) forward, then with `at_wib` on to the next time the Jakarta clock reads it (kept in memory: a restart is back to real time), and runs the daily accrual for every business date passed, so bills fall due, go overdue and take late fees as they would. Never in production.',
    errors: [],
    body: devClockBodySchema,
    response: devClockAdvancedSchema,
  }),
  listDevOutbox: defineCall('listDevOutbox', {
    tag: 'development',
    summary: 'Messages the development SMS provider stored',
    description:
      'Newest first, optionally for one phone (any form). Only when the sandbox messaging provider is in use; never in production.',
    errors: [],
    query: outboxQuerySchema,
    response: outboxResponseSchema,
  }),
  getDevCaptchaAnswer: defineCall('getDevCaptchaAnswer', {
    tag: 'development',
    summary: "A captcha's answer, for browser tests",
    description: 'Never in production. 4040 when the captcha is unknown or spent.',
    errors: ['NOT_FOUND'],
    params: devCaptchaParamsSchema,
    response: devCaptchaResponseSchema,
  }),
};
