import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { rateEvents } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/** A sliding-window limit: at most `max` events per `windowSeconds` for one subject (a phone, an IP ...). */
export interface Limit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

export interface LimitState {
  allowed: boolean;
  /** Seconds until one more event fits in the window (0 when allowed). */
  retryAfter: number;
}

/** One counted attempt; taking it back makes the limit count failures only (e.g. a right password). */
export interface Attempt {
  refund(): Promise<void>;
}

const DAY_MS = 24 * 3600 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/**
 * Rate limits counted in the database, not in memory: they must hold across restarts and across processes
 * behind a load balancer (an attacker could otherwise reset them by crashing a worker).
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async state(limit: Limit, subject: string, tx: DbOrTx = this.db): Promise<LimitState> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - limit.windowSeconds * 1000);
    const [row] = await tx
      .select({ n: count(), oldest: min(rateEvents.createdAt) })
      .from(rateEvents)
      .where(
        and(
          eq(rateEvents.bucket, limit.bucket),
          eq(rateEvents.subject, subject),
          gt(rateEvents.createdAt, since),
        ),
      );
    const n = Number(row?.n ?? 0);
    if (n < limit.max) return { allowed: true, retryAfter: 0 };
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
    const retryAfter = Math.max(1, Math.ceil((oldest + limit.windowSeconds * 1000 - now.getTime()) / 1000));
    return { allowed: false, retryAfter };
  }

  async record(limit: Limit, subject: string, tx: DbOrTx = this.db): Promise<void> {
    const now = this.clock.now();
    await tx.insert(rateEvents).values({ bucket: limit.bucket, subject, createdAt: now });
    // Events older than the window never count again; dropping them keeps the table small.
    const expired = new Date(now.getTime() - limit.windowSeconds * 1000);
    await tx
      .delete(rateEvents)
      .where(
        and(
          eq(rateEvents.bucket, limit.bucket),
          eq(rateEvents.subject, subject),
          lt(rateEvents.createdAt, expired),
        ),
      );
    // Subjects that never come back (one-off IPs) are swept now and then; no window is longer than a day.
    if (Math.random() < 0.01)
      await tx.delete(rateEvents).where(lt(rateEvents.createdAt, new Date(now.getTime() - DAY_MS)));
  }

  /** Check only: throws RATE_LIMITED (with retry_after) when the limit is reached; counts nothing. */
  async enforce(limit: Limit, subject: string): Promise<void> {
    const state = await this.state(limit, subject);
    if (!state.allowed) throw new AppError('RATE_LIMITED', { retry_after: state.retryAfter });
  }

  /**
   * Counts one attempt before the work it guards, or throws RATE_LIMITED (with retry_after) when the limit is reached.
   * Check and count hold a per-subject lock, so a burst of concurrent attempts lets at most `max` through: attempts in
   * flight count like finished ones. Works on PostgreSQL and PGlite alike.
   */
  async attempt(limit: Limit, subject: string): Promise<Attempt> {
    const id = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${limit.bucket}:${subject}`}))`);
      const state = await this.state(limit, subject, tx);
      if (!state.allowed) throw new AppError('RATE_LIMITED', { retry_after: state.retryAfter });
      const [row] = await tx
        .insert(rateEvents)
        .values({ bucket: limit.bucket, subject, createdAt: this.clock.now() })
        .returning({ id: rateEvents.id });
      return row!.id;
    });
    return {
      refund: async () => {
        await this.db.delete(rateEvents).where(eq(rateEvents.id, id));
      },
    };
  }

  /**
   * Counts one event if the limit allows it; returns the state before counting. Check and insert are two statements,
   * so a burst of concurrent requests may overshoot by a few: acceptable for abuse limits, and it keeps PGlite fast.
   */
  async hit(limit: Limit, subject: string): Promise<LimitState> {
    const state = await this.state(limit, subject);
    if (state.allowed) await this.record(limit, subject);
    return state;
  }
}

export function registerRateLimiter(app: FastifyInstance, db: Db, clock: Clock): RateLimiter {
  const limiter = new RateLimiter(db, clock);
  app.decorate('rateLimiter', limiter);
  return limiter;
}
