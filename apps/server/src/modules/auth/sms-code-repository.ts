import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { LookupHasher } from '../../security/lookup-hasher.ts';
import { phoneLookupHash } from '../../security/phone-lookup.ts';
import { smsCodes } from './auth-schema.ts';

/** What a code proves; a code of one purpose never works for another. */
export type CodePurpose = 'login' | 'reset' | 'whatsapp' | 'bank_card' | 'pay_pin';

/**
 * Codes that wait for each other (the 60 s resend cooldown): the SMS ones share the phone's SMS inbox; a WhatsApp code
 * goes elsewhere, so the sign-in code a borrower just used does not hold it back.
 */
export function cooldownGroup(purpose: CodePurpose): CodePurpose[] {
  return purpose === 'whatsapp' ? ['whatsapp'] : ['login', 'reset', 'bank_card', 'pay_pin'];
}
export type SmsCodeRow = typeof smsCodes.$inferSelect;

/**
 * SQL of SMS verification codes. Every method takes the db or a transaction, and the plain normalised phone, which
 * goes into SQL only as its keyed hash.
 */
export class SmsCodeRepository {
  constructor(private readonly lookup: LookupHasher) {}

  private hashOf(phone: string): string {
    return phoneLookupHash(this.lookup, phone);
  }

  /**
   * Serialises code requests of one phone until the transaction ends, so two concurrent requests cannot both pass the
   * cooldown. Works on PostgreSQL and PGlite alike.
   */
  async lockPhone(db: DbOrTx, phone: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms:' + this.hashOf(phone)}))`);
  }

  /**
   * Serialises code requests from one address until the transaction ends, so requests for many phones at once cannot
   * all read the same count under the soft limit. Taken after the phone's lock, never before: one order, no deadlock.
   * Requests behind one carrier-grade NAT wait for each other only for this short transaction.
   */
  async lockAddress(db: DbOrTx, ip: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'sms-ip:' + ip}))`);
  }

  /**
   * A phone's codes since two instants, and when its newest code of the given purposes was issued (the resend
   * cooldown's): one query for the sending rules.
   */
  async phoneCodeStats(
    db: DbOrTx,
    phone: string,
    {
      dayStart,
      hourAgo,
      cooldownPurposes,
    }: { dayStart: Date; hourAgo: Date; cooldownPurposes: CodePurpose[] },
  ): Promise<{ sinceDayStart: number; sinceHourAgo: number; latestAt: Date | null }> {
    const [row] = await db
      .select({
        sinceDayStart:
          sql<number>`count(*) filter (where ${smsCodes.createdAt} >= ${dayStart.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
        sinceHourAgo:
          sql<number>`count(*) filter (where ${smsCodes.createdAt} >= ${hourAgo.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
        latestAt:
          sql<Date | null>`max(${smsCodes.createdAt}) filter (where ${inArray(smsCodes.purpose, cooldownPurposes)})`.mapWith(
            (v: string | Date | null) => (v === null ? null : new Date(v)),
          ),
      })
      .from(smsCodes)
      .where(eq(smsCodes.phoneHash, this.hashOf(phone)));
    return {
      sinceDayStart: row?.sinceDayStart ?? 0,
      sinceHourAgo: row?.sinceHourAgo ?? 0,
      latestAt: row?.latestAt ?? null,
    };
  }

  async countForPhoneAtIpSince(db: DbOrTx, phone: string, ip: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(smsCodes)
      .where(
        and(eq(smsCodes.phoneHash, this.hashOf(phone)), eq(smsCodes.ip, ip), gte(smsCodes.createdAt, since)),
      );
    return Number(row?.n ?? 0);
  }

  async countForIpSince(db: DbOrTx, ip: string, since: Date): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, ip), gte(smsCodes.createdAt, since)));
    return Number(row?.n ?? 0);
  }

  /** Issues a code and retires the older live codes of the same phone and purpose; answers the new code's id. */
  async insert(
    db: DbOrTx,
    { phone, ...row }: Omit<typeof smsCodes.$inferInsert, 'id' | 'phoneHash'> & { phone: string },
  ): Promise<string> {
    const phoneHash = this.hashOf(phone);
    await db
      .update(smsCodes)
      .set({ supersededAt: row.createdAt })
      .where(
        and(
          eq(smsCodes.phoneHash, phoneHash),
          eq(smsCodes.purpose, row.purpose),
          isNull(smsCodes.supersededAt),
          isNull(smsCodes.consumedAt),
        ),
      );
    const id = randomUUID();
    await db.insert(smsCodes).values({ id, phoneHash, ...row });
    return id;
  }

  /** The live code of a phone and purpose (not superseded, not consumed), locked for the check. */
  async liveForUpdate(db: DbOrTx, phone: string, purpose: CodePurpose): Promise<SmsCodeRow | undefined> {
    const [row] = await db
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.phoneHash, this.hashOf(phone)),
          eq(smsCodes.purpose, purpose),
          isNull(smsCodes.supersededAt),
          isNull(smsCodes.consumedAt),
        ),
      )
      .orderBy(desc(smsCodes.createdAt))
      .limit(1)
      .for('update');
    return row;
  }

  async addWrongTry(db: DbOrTx, codeId: string): Promise<void> {
    await db
      .update(smsCodes)
      .set({ tries: sql`${smsCodes.tries} + 1` })
      .where(eq(smsCodes.id, codeId));
  }

  async consume(db: DbOrTx, codeId: string, now: Date): Promise<void> {
    await db.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, codeId));
  }
}
