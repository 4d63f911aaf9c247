import { z } from 'zod';

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
