import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { DpdBucket } from '@kaskita/domain/contract/admin-book';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { addDays } from '@kaskita/domain/pricing/business-date';
import type { DbOrTx } from '../../db/client.ts';
import { pageWindow, type Paging } from '../../db/paging.ts';
import { loanBills, loans } from '../loans/loan-orders-schema.ts';
import type { DataCipher } from '../../security/data-cipher.ts';
import { openProfileName } from '../profile/profile-fields-schema.ts';
import { openPhone } from '../user/user-phone-schema.ts';
import { borrowerProfiles } from '../profile/profile-schema.ts';
import { payments } from '../repayments/repayments-schema.ts';
import { users } from '../user/user-schema.ts';
import { collectionContacts, paymentPromises } from './collections-schema.ts';
import { rowsOf } from '../../db/raw-rows.ts';

/** An overdue loan with its borrower (unmasked: the service masks) and what its late bills owe. */
export interface OverdueLoanRecord {
  loanId: string;
  userId: string;
  phone: string;
  name: string | null;
  province: string | null;
  /** The zone the borrower's phone reported (users.time_zone): their own time, before the province's. */
  timeZone: string | null;
  blockedAt: Date | null;
  oldestDue: string;
  amountOverdue: Rupiah;
  lateFees: Rupiah;
  /** Under dispute since this day (lifecycle/dispute.ts): nobody contacts the borrower about it. */
  disputedSince: string | null;
}

export type ContactRow = typeof collectionContacts.$inferSelect;
export type PromiseRow = typeof paymentPromises.$inferSelect;

/** Days past due of each bucket, inclusive; 90+ has no upper end (as the loan book counts them). */
const BUCKET_DAYS: Record<DpdBucket, readonly [number, number | null]> = {
  '1-30': [1, 30],
  '31-60': [31, 60],
  '61-90': [61, 90],
  '90+': [91, null],
};

/** The collections' reads and its two append-only tables. */
export class CollectionsRepository {
  constructor(private readonly cipher: DataCipher) {}

  /**
   * Overdue loans whose oldest unpaid bill is in `bucket` on `asOf`, most days late first (`order=asc` turns it round).
   * `loanId` narrows to one loan whatever its bucket (the loan's own view).
   */
  async overdue(
    db: DbOrTx,
    asOf: string,
    filter: { bucket: DpdBucket; paging: Paging } | { loanId: string },
  ): Promise<{ rows: OverdueLoanRecord[]; total: number }> {
    const conditions: SQL[] = [sql`l.state in ('active', 'overdue')`];
    let page = sql``;
    if ('loanId' in filter) conditions.push(sql`l.id = ${filter.loanId}`);
    else {
      const [least, most] = BUCKET_DAYS[filter.bucket];
      conditions.push(sql`o.oldest <= ${addDays(asOf, -least)}::date`);
      if (most !== null) conditions.push(sql`o.oldest >= ${addDays(asOf, -most)}::date`);
      const { limit, offset } = pageWindow(filter.paging);
      const direction = filter.paging.order === 'asc' ? sql`desc` : sql`asc`;
      page = sql`order by o.oldest ${direction}, l.id ${direction} limit ${limit} offset ${offset}`;
    }
    const where = sql.join(conditions, sql` and `);
    const from = sql`from ${loans} l
      join lateral (
        select min(b.due_date) as oldest,
          sum(b.principal + b.interest + b.fee + b.late_fee - b.paid) as owed,
          sum(b.late_fee) as late_fees
        from ${loanBills} b
        where b.loan_id = l.id and b.state in ('pending', 'overdue') and b.due_date < ${asOf}::date
      ) o on o.oldest is not null`;
    const rows = rowsOf<
      Omit<OverdueLoanRecord, 'name' | 'phone'> & { nameEnc: string | null; phoneEnc: string }
    >(
      await db.execute(sql`
        select l.id as "loanId", l.user_id as "userId", u.phone_enc as "phoneEnc", p.name_enc as "nameEnc", p.province, u.time_zone as "timeZone",
          u.blocked_at as "blockedAt", l.account ->> 'disputedSince' as "disputedSince",
          o.oldest::text as "oldestDue", o.owed::float8 as "amountOverdue", o.late_fees::float8 as "lateFees"
        ${from}
        join ${users} u on u.id = l.user_id
        left join ${borrowerProfiles} p on p.user_id = l.user_id
        where ${where} ${page}`),
    );
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n ${from} where ${where}`),
    );
    return {
      rows: rows.map(({ nameEnc, phoneEnc, ...r }) => ({
        ...r,
        name: openProfileName(this.cipher, r.userId, nameEnc),
        phone: openPhone(this.cipher, r.userId, phoneEnc),
        blockedAt: r.blockedAt ? new Date(r.blockedAt) : null,
      })),
      total: count?.n ?? 0,
    };
  }

  /** The loans' contacts since `since`, for the day limit. */
  contactsSince(db: DbOrTx, loanIds: readonly string[], since: Date): Promise<ContactRow[]> {
    if (loanIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(collectionContacts)
      .where(
        and(inArray(collectionContacts.loanId, [...loanIds]), gte(collectionContacts.contactedAt, since)),
      );
  }

  /** Each loan's latest contact time. */
  async lastContacts(db: DbOrTx, loanIds: readonly string[]): Promise<Map<string, Date>> {
    if (loanIds.length === 0) return new Map();
    const rows = await db
      .select({ loanId: collectionContacts.loanId, at: sql<string>`max(${collectionContacts.contactedAt})` })
      .from(collectionContacts)
      .where(inArray(collectionContacts.loanId, [...loanIds]))
      .groupBy(collectionContacts.loanId);
    return new Map(rows.map((r) => [r.loanId, new Date(r.at)]));
  }

  /** Each loan's latest promise. */
  async latestPromises(db: DbOrTx, loanIds: readonly string[]): Promise<Map<string, PromiseRow>> {
    if (loanIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([paymentPromises.loanId])
      .from(paymentPromises)
      .where(inArray(paymentPromises.loanId, [...loanIds]))
      .orderBy(paymentPromises.loanId, desc(paymentPromises.createdAt), desc(paymentPromises.id));
    return new Map(rows.map((r) => [r.loanId, r]));
  }

  contacts(db: DbOrTx, loanId: string): Promise<ContactRow[]> {
    return db
      .select()
      .from(collectionContacts)
      .where(eq(collectionContacts.loanId, loanId))
      .orderBy(desc(collectionContacts.contactedAt), desc(collectionContacts.id));
  }

  /** The contacts about `loanId` when it is `userId`'s loan; null when it is not (or does not exist). */
  async contactsOfBorrower(db: DbOrTx, userId: string, loanId: string): Promise<ContactRow[] | null> {
    const [owned] = await db
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.id, loanId), eq(loans.userId, userId)));
    return owned ? this.contacts(db, loanId) : null;
  }

  promises(db: DbOrTx, loanId: string): Promise<PromiseRow[]> {
    return db
      .select()
      .from(paymentPromises)
      .where(eq(paymentPromises.loanId, loanId))
      .orderBy(desc(paymentPromises.createdAt), desc(paymentPromises.id));
  }

  /** What was applied to the loan from `from` to before `until`. */
  async paidBetween(db: DbOrTx, loanId: string, from: Date, until: Date): Promise<number> {
    const [row] = await db
      .select({ paid: sql<string>`coalesce(sum(${payments.amount}), 0)` })
      .from(payments)
      .where(
        and(
          eq(payments.loanId, loanId),
          eq(payments.status, 'applied'),
          gte(payments.paidAt, from),
          sql`${payments.paidAt} < ${until.toISOString()}::timestamptz`,
        ),
      );
    return Number(row?.paid ?? 0);
  }

  async insertContact(db: DbOrTx, row: ContactRow): Promise<void> {
    await db.insert(collectionContacts).values(row);
  }

  async insertPromise(db: DbOrTx, row: PromiseRow): Promise<void> {
    await db.insert(paymentPromises).values(row);
  }
}
