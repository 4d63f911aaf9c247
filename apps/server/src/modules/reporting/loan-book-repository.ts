import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DpdBucket, LoanBookFilter, LoanBookQuery } from '@kaskita/domain/contract/admin-book';
import { addDays } from '@kaskita/domain/pricing/business-date';
import { auditLog } from '../../commands/audit-schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries, ledgerLines, linesOfLoan } from '../ledger/ledger-schema.ts';
import { loanBills, loans } from '../loans/loan-orders-schema.ts';
import type { DataCipher } from '../../security/data-cipher.ts';
import { openPhone } from '../user/user-phone-schema.ts';
import { openProfileName } from '../profile/profile-fields-schema.ts';
import { borrowerProfiles } from '../profile/profile-schema.ts';
import { refunds } from '../refunds/refunds-schema.ts';
import { payments } from '../repayments/repayments-schema.ts';
import { users } from '../user/user-schema.ts';
import { billPrincipalOwed } from './book-figures-repository.ts';
import { inTurn } from '../../db/in-turn.ts';
import { rowsOf } from '../../db/raw-rows.ts';

/** A loan of the book with its borrower's name and phone (unmasked: the service masks them) and its arrears. */
export interface LoanBookRecord {
  id: string;
  state: string;
  productId: string;
  amount: number;
  amountReceived: number;
  period: string;
  createdAt: Date;
  disbursedOn: string | null;
  name: string | null;
  phone: string;
  oldestUnpaidDue: string | null;
  nextDue: string | null;
  principalOwed: number;
}

/** Days past due of each bucket, inclusive; 90+ has no upper end. */
const BUCKET_DAYS: Record<DpdBucket, readonly [number, number | null]> = {
  '1-30': [1, 30],
  '31-60': [31, 60],
  '61-90': [61, 90],
  '90+': [91, null],
};

const UNPAID = sql`('pending', 'overdue')`;

/** What a row of the book shows of a loan: never its plan or account (large JSON), read only for one loan's detail. */
const PAGE_COLUMNS = sql.raw(
  'l.id, l.user_id, l.state, l.product_id, l.amount, l.amount_received, l.period, l.created_at, l.disbursed_on',
);

/** The sortable columns of a loan aliased `l` (each has an index with the id: loans-schema.ts). */
const SORT_COLUMNS = {
  disbursed_on: sql.raw('l.disbursed_on'),
  amount: sql.raw('l.amount'),
  created_at: sql.raw('l.created_at'),
} as const;

/** The loan book's reads: a filtered, sorted page, the rows of an export, and one loan with everything about it. */
export class LoanBookRepository {
  constructor(private readonly cipher: DataCipher) {}

  /** Dates as dates, the name and phone decrypted (the service masks them). */
  private normalise({ nameEnc, phoneEnc, userId, ...row }: StoredBookRecord): LoanBookRecord {
    return {
      ...row,
      name: openProfileName(this.cipher, userId, nameEnc),
      phone: openPhone(this.cipher, userId, phoneEnc),
      createdAt: new Date(row.createdAt),
    };
  }

  /** The filters as one condition; the DPD bucket is the oldest unpaid bill's days late on `asOf`. */
  private where(filter: LoanBookFilter, asOf: string): SQL {
    const conditions: SQL[] = [];
    if (filter.state) conditions.push(sql`l.state = ${filter.state}`);
    if (filter.product) conditions.push(sql`l.product_id = ${filter.product}`);
    if (filter.disbursed_from) conditions.push(sql`l.disbursed_on >= ${filter.disbursed_from}::date`);
    if (filter.disbursed_to) conditions.push(sql`l.disbursed_on <= ${filter.disbursed_to}::date`);
    if (filter.dpd) {
      // The oldest unpaid bill fell due between these dates: one in the range and none before it.
      const [least, most] = BUCKET_DAYS[filter.dpd];
      const latestDue = addDays(asOf, -least);
      conditions.push(sql`exists (select 1 from ${loanBills} b where b.loan_id = l.id and b.state in ${UNPAID}
        and b.due_date <= ${latestDue}::date)`);
      if (most !== null)
        conditions.push(sql`not exists (select 1 from ${loanBills} b where b.loan_id = l.id
          and b.state in ${UNPAID} and b.due_date < ${addDays(asOf, -most)}::date)`);
      conditions.push(sql`l.state in ('active', 'overdue')`);
    }
    return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  }

  /**
   * The rows of the loans `chosen` picks (a subquery of loans aliased `l`, already filtered, ordered and limited), with
   * borrower and arrears joined to those rows only, in `order`.
   */
  private select(chosen: SQL, asOf: string, order: SQL) {
    return sql`
      select l.id, l.state, l.product_id as "productId", l.amount::float8 as amount,
        l.amount_received::float8 as "amountReceived", l.period, l.created_at as "createdAt",
        l.disbursed_on::text as "disbursedOn", l.user_id as "userId", p.name_enc as "nameEnc", u.phone_enc as "phoneEnc",
        owed.oldest::text as "oldestUnpaidDue", owed.next::text as "nextDue",
        coalesce(owed.principal, 0)::float8 as "principalOwed"
      from (${chosen}) l
      join ${users} u on u.id = l.user_id
      left join ${borrowerProfiles} p on p.user_id = l.user_id
      left join lateral (
        select min(b.due_date) filter (where b.due_date < ${asOf}::date) as oldest,
          min(b.due_date) filter (where b.due_date >= ${asOf}::date) as next,
          sum(${billPrincipalOwed}) as principal
        from ${loanBills} b where b.loan_id = l.id and b.state in ${UNPAID}
      ) owed on true
      ${order}`;
  }

  async page(
    db: DbOrTx,
    query: LoanBookQuery,
    asOf: string,
  ): Promise<{ rows: LoanBookRecord[]; total: number }> {
    const where = this.where(query, asOf);
    const column = SORT_COLUMNS[query.sort ?? 'created_at'];
    const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
    // PostgreSQL's default null order both ways (loans not yet disbursed sort as the latest dates), so each sort walks
    // its index (loans-schema.ts) in either direction instead of sorting the book.
    const order = sql`order by ${column} ${direction}, l.id ${direction}`;
    const offset = (query.page - 1) * query.page_size;
    const chosen = sql`select ${PAGE_COLUMNS} from ${loans} l where ${where} ${order} limit ${query.page_size} offset ${offset}`;
    const rows = rowsOf<StoredBookRecord>(await db.execute(this.select(chosen, asOf, order)));
    const [count] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${loans} l where ${where}`),
    );
    return { rows: rows.map((r) => this.normalise(r)), total: count?.n ?? 0 };
  }

  /**
   * The export's rows, newest first, `batch` at a time: each batch starts after the last row of the one before
   * (keyset), so a long export neither holds a transaction open nor slows down as OFFSET would.
   */
  async *exportRows(
    db: DbOrTx,
    filter: LoanBookFilter,
    asOf: string,
    limit: number,
    batch = 1_000,
  ): AsyncGenerator<LoanBookRecord> {
    let after: { createdAt: Date; id: string } | null = null;
    let sent = 0;
    while (sent < limit) {
      const where: SQL = after
        ? sql`${this.where(filter, asOf)} and (l.created_at, l.id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
        : this.where(filter, asOf);
      const size = Math.min(batch, limit - sent);
      const order = sql`order by l.created_at desc, l.id desc`;
      const chosen = sql`select ${PAGE_COLUMNS} from ${loans} l where ${where} ${order} limit ${size}`;
      const rows: LoanBookRecord[] = rowsOf<StoredBookRecord>(
        await db.execute(this.select(chosen, asOf, order)),
      ).map((r) => this.normalise(r));
      for (const row of rows) yield row;
      sent += rows.length;
      const last: LoanBookRecord | undefined = rows.at(-1);
      if (!last || rows.length < size) return;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  async one(db: DbOrTx, id: string, asOf: string) {
    const [record] = rowsOf<StoredBookRecord>(
      await db.execute(
        this.select(sql`select ${PAGE_COLUMNS} from ${loans} l where l.id = ${id}`, asOf, sql``),
      ),
    ).map((r) => this.normalise(r));
    if (!record) return null;
    const [row] = await db.select().from(loans).where(eq(loans.id, id));
    if (!row) return null;
    const [bills, entries, lines, paid, refunded, history] = await inTurn(
      () => db.select().from(loanBills).where(eq(loanBills.loanId, id)).orderBy(asc(loanBills.number)),
      () =>
        db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.loanId, id))
          .orderBy(asc(ledgerEntries.businessDate), asc(ledgerEntries.createdAt), asc(ledgerEntries.id)),
      () => db.select().from(ledgerLines).where(linesOfLoan(id)).orderBy(asc(ledgerLines.line)),
      () => db.select().from(payments).where(eq(payments.loanId, id)).orderBy(asc(payments.paidAt)),
      () => db.select().from(refunds).where(eq(refunds.loanId, id)).orderBy(asc(refunds.createdAt)),
      () =>
        db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.subjectType, 'loan'), eq(auditLog.subjectId, id)))
          .orderBy(asc(auditLog.createdAt)),
    );
    return { record, row, bills, entries, lines, payments: paid, refunds: refunded, history };
  }
}

/** Drivers answer timestamps as Date (pg) or text; amounts came as float8 to arrive as numbers on both. */
/** A row as SQL answers it: the name still encrypted. */
type StoredBookRecord = Omit<LoanBookRecord, 'name' | 'phone'> & {
  userId: string;
  nameEnc: string | null;
  phoneEnc: string;
};
