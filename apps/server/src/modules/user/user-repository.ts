import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { DataCipher } from '../../security/data-cipher.ts';
import type { LookupHasher } from '../../security/lookup-hasher.ts';
import { phoneLookupHash } from '../../security/phone-lookup.ts';
import { openPhone, sealPhone } from './user-phone-schema.ts';
import { agreementAcceptances, consentWithdrawals, users, type UserRow } from './user-schema.ts';

type StoredUserRow = typeof users.$inferSelect;

/** Where a new borrower came from, kept on the row that registers them (never written again). */
export interface SignUpAttribution {
  channel?: string | null;
  promotePlatform?: string | null;
  promoteAgency?: string | null;
}

/**
 * The only SQL on `users`; other modules go through UserService. Every method takes the db or a transaction. The
 * phone is sealed here (user-phone-schema.ts): callers pass and get the plain normalised number.
 */
export class UserRepository {
  constructor(private readonly protection: { cipher: DataCipher; lookup: LookupHasher }) {}

  private open(row: StoredUserRow | undefined): UserRow | undefined {
    if (!row) return undefined;
    const { phoneEnc, phoneHash: _hash, ...rest } = row;
    return { ...rest, phone: openPhone(this.protection.cipher, row.id, phoneEnc) };
  }

  async findById(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    return this.open(row);
  }

  /** The user row, locked until the transaction ends: one submit or decision at a time per borrower. */
  async findByIdForUpdate(tx: DbOrTx, userId: string): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    return this.open(row);
  }

  async setStanding(
    db: DbOrTx,
    userId: string,
    standing: { verify: number; reapplyOn: string | null },
    now: Date,
  ): Promise<void> {
    await db
      .update(users)
      .set({ verify: standing.verify, reapplyOn: standing.reapplyOn, updatedAt: now })
      .where(eq(users.id, userId));
  }

  /** Sets or clears the staff's block (borrowers screen). */
  async setBlocked(db: DbOrTx, userId: string, blockedAt: Date | null, now: Date): Promise<void> {
    await db.update(users).set({ blockedAt, updatedAt: now }).where(eq(users.id, userId));
  }

  async setLoanStatus(
    db: DbOrTx,
    userId: string,
    status: { billStatus: number; loanFailStatus: number },
    now: Date,
  ): Promise<void> {
    await db
      .update(users)
      .set({ billStatus: status.billStatus, loanFailStatus: status.loanFailStatus, updatedAt: now })
      .where(eq(users.id, userId));
  }

  /** Many borrowers' loan status in one statement (the daily accrual moves thousands overdue in a night). */
  async setLoanStatuses(
    db: DbOrTx,
    rows: ReadonlyArray<{ userId: string; billStatus: number; loanFailStatus: number }>,
    now: Date,
  ): Promise<void> {
    if (rows.length === 0) return;
    await db.execute(sql`update ${users} set bill_status = v.bill, loan_fail_status = v.fail, updated_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(
        rows.map((r) => ({ id: r.userId, bill: r.billStatus, fail: r.loanFailStatus })),
      )}::jsonb) as v(id text, bill smallint, fail smallint)
      where ${users.id} = v.id`);
  }

  async findByPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
    const hash = phoneLookupHash(this.protection.lookup, phone);
    const [row] = await db.select().from(users).where(eq(users.phoneHash, hash)).limit(1);
    return this.open(row);
  }

  /** Inserts the user unless the phone exists (a concurrent first login); returns whether this call created it. */
  async findOrCreate(
    db: DbOrTx,
    phone: string,
    now: Date,
    attribution: SignUpAttribution = {},
  ): Promise<{ user: UserRow; created: boolean }> {
    const id = randomUUID();
    const inserted = await db
      .insert(users)
      .values({
        id,
        ...sealPhone(this.protection, id, phone),
        signupChannel: attribution.channel ?? null,
        promotePlatform: attribution.promotePlatform ?? null,
        promoteAgency: attribution.promoteAgency ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.phoneHash })
      .returning();
    const created = this.open(inserted[0]);
    if (created) return { user: created, created: true };
    const existing = await this.findByPhone(db, phone);
    if (!existing) throw new Error('user vanished between insert and select');
    return { user: existing, created: false };
  }

  async setTimeZone(db: DbOrTx, userId: string, timeZone: string): Promise<void> {
    await db
      .update(users)
      .set({ timeZone })
      .where(and(eq(users.id, userId), or(isNull(users.timeZone), ne(users.timeZone, timeZone))));
  }

  async setPasswordHash(db: DbOrTx, userId: string, passwordHash: string, now: Date): Promise<void> {
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  }

  /** Records acceptances; one already recorded (same user, document and version) is kept as it was. */
  async addAgreementAcceptances(
    db: DbOrTx,
    rows: ReadonlyArray<Omit<typeof agreementAcceptances.$inferInsert, 'id'>>,
  ): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(agreementAcceptances)
      .values(rows.map((row) => ({ id: randomUUID(), ...row })))
      .onConflictDoNothing();
  }

  async agreementAcceptances(db: DbOrTx, userId: string) {
    return db.select().from(agreementAcceptances).where(eq(agreementAcceptances.userId, userId));
  }

  /** The withdrawals of a borrower's consents, oldest first. */
  async consentWithdrawals(db: DbOrTx, userId: string) {
    return db
      .select()
      .from(consentWithdrawals)
      .where(eq(consentWithdrawals.userId, userId))
      .orderBy(asc(consentWithdrawals.withdrawnAt));
  }

  async openWithdrawal(db: DbOrTx, userId: string, document: string) {
    const [row] = await db
      .select()
      .from(consentWithdrawals)
      .where(
        and(
          eq(consentWithdrawals.userId, userId),
          eq(consentWithdrawals.document, document),
          isNull(consentWithdrawals.restoredAt),
        ),
      )
      .limit(1);
    return row;
  }

  async addWithdrawal(db: DbOrTx, row: typeof consentWithdrawals.$inferInsert): Promise<void> {
    await db.insert(consentWithdrawals).values(row);
  }

  /** Ends the open withdrawal of a consent (the borrower gave it again); a no-op when none is open. */
  async restoreWithdrawal(db: DbOrTx, userId: string, document: string, now: Date): Promise<boolean> {
    const restored = await db
      .update(consentWithdrawals)
      .set({ restoredAt: now })
      .where(
        and(
          eq(consentWithdrawals.userId, userId),
          eq(consentWithdrawals.document, document),
          isNull(consentWithdrawals.restoredAt),
        ),
      )
      .returning({ id: consentWithdrawals.id });
    return restored.length > 0;
  }

  /**
   * Closes the account: the phone becomes `closed:<id>` (free to register again as a new account; the old number is
   * kept encrypted with the closure), no password, and the closing time.
   */
  async close(db: DbOrTx, userId: string, now: Date): Promise<void> {
    await db
      .update(users)
      .set({
        ...sealPhone(this.protection, userId, `closed:${userId}`),
        passwordHash: null,
        closedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
  }
}
