// The outbox's job types: senders import these; outbox-service.ts registers their handlers (registerOutboxJobs).
import { z } from 'zod';
import { jobType } from './job-type.ts';

/** Delivers one outbox message. The payload is the row's id only: no text or code ever sits in pg-boss's tables. */
export const OUTBOX_DELIVERY = jobType({
  name: 'outbox.deliver',
  payload: z.object({ messageId: z.string().uuid() }),
  // About 5, 10, 20 and 40 s apart (pg-boss adds up to as much again of jitter): a gateway hiccup is ridden out
  // while a code (valid 5 minutes) is still worth sending.
  retry: { limit: 4, delaySeconds: 5, backoff: true },
  expireInSeconds: 60,
});

/** Gives up messages pending too long (e.g. their last try hung past its expiry), so no body outlives an hour. */
export const OUTBOX_SWEEP = jobType({
  name: 'outbox.sweep',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 30, backoff: false },
  expireInSeconds: 300,
});

/** Every 10 minutes, Jakarta time. */
export const OUTBOX_SWEEP_CRON = '*/10 * * * *';
