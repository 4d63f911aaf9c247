import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { rateEvents } from './rate-limit-schema.ts';
import { AppError } from '../http/app-error.ts';

/** A sliding-window limit: at most `max` events per `windowSeconds` for one subject (a phone, an IP ...). */
export interface Limit {
  bucket: string;
  max: number;
  windowSeconds: number;
}

interface LimitState {
  allowed: boolean;
  /** Seconds until one more event fits in the window (0 when allowed). */
  retryAfter: number;
}

/** One counted attempt; taking it back makes the limit count failures only (e.g. a right password). */
export interface Attempt {
  refund(): Promise<void>;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Rate limits counted in the database, not in memory: they must hold across restarts and across processes
 * behind a load balancer (an attacker could otherwise reset them by crashing a worker).
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

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
    // Events older than their window never count again. No window is longer than a day, so now and then everything
    // older is swept; per subject, refused attempts are not stored, so a window holds at most `max` events.
    if (Math.random() < 0.01)
      await this.db
        .delete(rateEvents)
        .where(lt(rateEvents.createdAt, new Date(this.clock.now().getTime() - DAY_MS)));
    return {
      refund: async () => {
        await this.db.delete(rateEvents).where(eq(rateEvents.id, id));
      },
    };
  }

  private async state(limit: Limit, subject: string, tx: DbOrTx): Promise<LimitState> {
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
}
