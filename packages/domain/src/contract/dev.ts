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
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET /dev/captcha/:id: the answer of a captcha, for browser tests. */
export const devCaptchaResponseSchema = z.object({ code: z.string() });

export const devCaptchaParamsSchema = z.object({ id: z.string().max(64) });

export const devCalls = {
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
