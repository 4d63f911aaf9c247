import type { z } from 'zod';

/** How a failed job is tried again: `limit` more times, `delaySeconds` apart, doubling (with jitter) when `backoff`. */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  backoff: boolean;
}

/**
 * A kind of background job: its queue name, the payload it carries and how it is retried. Declared once, as a constant
 * next to the code that sends it; the handler is registered with the JobRunner where the app is wired (app.ts), so
 * senders never import their handlers.
 */
export interface JobType<P> {
  /** The pg-boss queue: letters, digits, `-`, `_` and `.` (e.g. `outbox.deliver`). */
  readonly name: string;
  /** Parsed when sending (a bad payload never reaches the queue) and again before the handler runs. */
  readonly payload: z.ZodType<P>;
  readonly retry: RetryPolicy;
  /** A run taking longer fails (and is retried): a hung gateway call must not hold a job forever. */
  readonly expireInSeconds: number;
}

export function jobType<P>(type: JobType<P>): JobType<P> {
  if (!/^[\w.-]+$/.test(type.name)) throw new Error(`invalid job name "${type.name}"`);
  return type;
}

/** What a handler knows about its run. Business time comes from the app's injected clock, never from pg-boss. */
export interface JobContext {
  readonly id: string;
  /** 1 for the first run, 2 for the first retry ... */
  readonly attempt: number;
  /** True when a failure of this run fails the job for good (no retry left). */
  readonly lastAttempt: boolean;
  /** The injected clock when the run started. */
  readonly now: Date;
  /** `now` as a calendar date in Asia/Jakarta ('YYYY-MM-DD'): the business date scheduled work is about. */
  readonly businessDate: string;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;
