import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm';
import type { Clock } from '../clock.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { rateEvents } from './rate-limit-schema.ts';
import { AppError } from '../http/app-error.ts';
import type { LookupHasher } from '../security/lookup-hasher.ts';

/** Events of one kind counted over a sliding window, per subject (a phone, an IP ...). */
export interface Window {
  bucket: string;
  windowSeconds: number;
}

/** A sliding-window limit: at most `max` events per `windowSeconds` for one subject. */
export interface Limit extends Window {
  max: number;
}

interface LimitState {
  allowed: boolean;
  /** Events already in the window. */
  n: number;
  /** Seconds until one more event fits in the window (0 when allowed). */
  retryAfter: number;
}

/** One counted attempt; taking it back makes the limit count failures only (e.g. a right password). */
export interface Attempt {
  refund(): Promise<void>;
}

/** An attempt counted under a ceiling, and how many more the window allows after it (a "tries left" to show). */
export interface CountedAttempt extends Attempt {
  left: number;
}

const DAY_MS = 24 * 3600 * 1000;
/** The purpose of the subjects' keyed hashes (security/lookup-hasher.ts). */
const SUBJECT_PURPOSE = 'rate_events.subject';

/**
 * Rate limits counted in the database, not in memory: they must hold across restarts and across processes
 * behind a load balancer (an attacker could otherwise reset them by crashing a worker).
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly lookup: LookupHasher,
  ) {}

  /**
   * What is stored for a subject: its keyed hash, never the phone, address or e-mail itself (rate_events keeps counts,
   * not identities). Equal subjects still have equal keys, so the windows count as before.
   */
  subjectKey(subject: string): string {
    return this.lookup.hash(SUBJECT_PURPOSE, subject);
  }

  /**
   * Counts one attempt before the work it guards, or throws RATE_LIMITED (with retry_after) when the limit is reached.
   * Check and count hold a per-subject lock, so a burst of concurrent attempts lets at most `max` through: attempts in
   * flight count like finished ones. Works on PostgreSQL and PGlite alike.
   */
  async attempt(limit: Limit, subject: string): Promise<CountedAttempt> {
    const counted = await this.countUnlessReached(limit, subject);
    if ('retryAfter' in counted) throw new AppError('RATE_LIMITED', { retry_after: counted.retryAfter });
    return counted;
  }

  /**
   * Counts one attempt under each limit in turn, or throws RATE_LIMITED for the first one reached, giving back the
   * attempts already counted: a call refused for its address does not use up the account's allowance.
   */
  async attemptEach(limits: ReadonlyArray<readonly [Limit, string]>): Promise<void> {
    const counted: Attempt[] = [];
    try {
      for (const [limit, subject] of limits) counted.push(await this.attempt(limit, subject));
    } catch (error) {
      for (const attempt of counted) await attempt.refund();
      throw error;
    }
  }

  /**
   * Counts one attempt unless the limit is reached, and then answers null instead of refusing: for a limit past which
   * the caller asks for more proof (a captcha) rather than refusing. Same lock as attempt().
   */
  async attemptUnlessReached(limit: Limit, subject: string): Promise<CountedAttempt | null> {
    const counted = await this.countUnlessReached(limit, subject);
    return 'retryAfter' in counted ? null : counted;
  }

  private async countUnlessReached(
    limit: Limit,
    plainSubject: string,
  ): Promise<CountedAttempt | { retryAfter: number }> {
    const subject = this.subjectKey(plainSubject);
    const outcome = await this.db.transaction(
      async (tx): Promise<{ id: number; left: number } | { retryAfter: number }> => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${limit.bucket}:${subject}`}))`);
        const state = await this.state(limit, subject, tx);
        if (!state.allowed) return { retryAfter: state.retryAfter };
        const [row] = await tx
          .insert(rateEvents)
          .values({ bucket: limit.bucket, subject, createdAt: this.clock.now() })
          .returning({ id: rateEvents.id });
        return { id: row!.id, left: limit.max - state.n - 1 };
      },
    );
    if ('retryAfter' in outcome) return outcome;
    // Events older than their window never count again. No window is longer than a day, so now and then everything
    // older is swept; per subject, refused attempts are not stored, so a window holds at most `max` events.
    if (Math.random() < 0.01)
      await this.db
        .delete(rateEvents)
        .where(lt(rateEvents.createdAt, new Date(this.clock.now().getTime() - DAY_MS)));
    return { left: outcome.left, refund: () => this.deleteEvent(outcome.id) };
  }

  /** Counts one event with no ceiling (past a soft limit, once the caller has its extra proof); refundable. */
  async record(window: Window, subject: string): Promise<Attempt> {
    const [row] = await this.db
      .insert(rateEvents)
      .values({ bucket: window.bucket, subject: this.subjectKey(subject), createdAt: this.clock.now() })
      .returning({ id: rateEvents.id });
    return { refund: () => this.deleteEvent(row!.id) };
  }

  /** Forgets a subject's events in a bucket (a phone whose owner just proved it with a reset code). */
  async clear(bucket: string, subject: string): Promise<void> {
    await this.db
      .delete(rateEvents)
      .where(and(eq(rateEvents.bucket, bucket), eq(rateEvents.subject, this.subjectKey(subject))));
  }

  private async deleteEvent(id: number): Promise<void> {
    await this.db.delete(rateEvents).where(eq(rateEvents.id, id));
  }

  private async windowStats(
    window: Window,
    subject: string,
    tx: DbOrTx,
  ): Promise<{ n: number; oldest: Date | null }> {
    const since = new Date(this.clock.now().getTime() - window.windowSeconds * 1000);
    const [row] = await tx
      .select({ n: count(), oldest: min(rateEvents.createdAt) })
      .from(rateEvents)
      .where(
        and(
          eq(rateEvents.bucket, window.bucket),
          eq(rateEvents.subject, subject),
          gt(rateEvents.createdAt, since),
        ),
      );
    return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  private async state(limit: Limit, subject: string, tx: DbOrTx): Promise<LimitState> {
    const { n, oldest } = await this.windowStats(limit, subject, tx);
    if (n < limit.max) return { allowed: true, n, retryAfter: 0 };
    const now = this.clock.now().getTime();
    const from = oldest?.getTime() ?? now;
    return {
      allowed: false,
      n,
      retryAfter: Math.max(1, Math.ceil((from + limit.windowSeconds * 1000 - now) / 1000)),
    };
  }
}
