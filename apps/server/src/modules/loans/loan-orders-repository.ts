import { and, desc, eq, getTableColumns, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { remainingOf, totalOf, type LoanInstalment } from '@kaskita/domain/lifecycle/loan-account';
import { OPEN_LOAN_STATES, type LoanState } from '@kaskita/domain/lifecycle/loan-state';
import { rupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import type { DbOrTx } from '../../db/client.ts';
import { creditApplications } from '../application/application-schema.ts';
import { borrowerProfiles } from '../profile/profile-schema.ts';
import { users } from '../user/user-schema.ts';
import { borrowerVerifications } from '../verification/verification-schema.ts';
import { catalogueFingerprintSql } from './loan-products-repository.ts';
import { disbursements, loanBills, loans, type DisbursementRow, type LoanRow } from './loan-orders-schema.ts';
import { storedAccountSql } from './stored-loan-account.ts';

export type NewLoan = typeof loans.$inferInsert;
export interface UnpaidBill {
  loanId: string;
  number: number;
  dueDate: string;
  outstanding: Rupiah;
  locale: string;
  userId: string;
  /** The borrower's phone as users.phone_enc holds it (user/user-phone-schema.ts opens it). */
  phoneEnc: string;
  /** The zone the borrower's phone reported, and their address's province: whose 08:00-20:00 a message keeps to. */
  timeZone: string | null;
  province: string | null;
  /** The confirmed WhatsApp number, sealed, when the borrower chose it for reminders; null: SMS to the phone. */
  whatsappEnc: string | null;
}
export type AccrualRow = Pick<LoanRow, 'id' | 'userId' | 'state' | 'account'>;
export type LoanChanges = Partial<Omit<NewLoan, 'id' | 'userId' | 'createdAt'>> & { updatedAt: Date };

/** Principal lent and not yet repaid, summed over the loans a query selects: of a disbursed loan, its unpaid bills'. */
const USED_PRINCIPAL = sql<string>`coalesce(sum(case when ${loans.account} is null then ${loans.amount}
  else (select coalesce(sum(${loanBills.principal}), 0) from ${loanBills}
        where ${loanBills.loanId} = ${loans.id} and ${loanBills.state} in ('pending', 'overdue')) end), 0)`;

/** A loan's row with its whole account (stored-loan-account.ts): what every read of a loan selects. */
const LOAN_ROW = { ...getTableColumns(loans), account: storedAccountSql };

const openLoansOf = (userId: string) =>
  and(eq(loans.userId, userId), inArray(loans.state, [...OPEN_LOAN_STATES]));

/** What borrowing needs to know of a borrower (LoanOrdersRepository.borrowingStanding). */
export interface BorrowingStanding {
  verify: number;
  /** The latest application (by submission), if any. */
  latestApplication: { state: string; limitAmount: Rupiah | null } | null;
  used: Rupiah;
  openLoanId: string | null;
  monthlyIncome: Rupiah;
  /** The loan products' fingerprint (loan-products-repository.ts), for LoanProductsService's cache. */
  catalogueFingerprint: string;
}

/** The SQL of loans, their bills and their disbursements. Every method takes the db or the service's transaction. */
export class LoanOrdersRepository {
  /**
   * In one query (issue 23: the products and plan calls made 7 besides the session's): the user's standing, their
   * latest application, the principal their open loans use, their open loan, their monthly income and the catalogue's
   * fingerprint. Undefined when the user is gone. Each part is a scalar subquery on its own index.
   */
  async borrowingStanding(db: DbOrTx, userId: string): Promise<BorrowingStanding | undefined> {
    const latest = (column: typeof creditApplications.state | typeof creditApplications.limitAmount) =>
      db
        .select({ value: column })
        .from(creditApplications)
        .where(eq(creditApplications.userId, userId))
        .orderBy(desc(creditApplications.submittedAt))
        .limit(1);
    const [row] = await db
      .select({
        verify: users.verify,
        applicationState: sql<string | null>`(${latest(creditApplications.state)})`,
        applicationLimit: sql<string | null>`(${latest(creditApplications.limitAmount)})`,
        used: sql<string>`(${db.select({ used: USED_PRINCIPAL }).from(loans).where(openLoansOf(userId))})`,
        openLoanId: sql<
          string | null
        >`(${db.select({ id: loans.id }).from(loans).where(openLoansOf(userId)).limit(1)})`,
        monthlyIncome: sql<string | null>`(${db
          .select({ income: borrowerProfiles.monthlyIncome })
          .from(borrowerProfiles)
          .where(eq(borrowerProfiles.userId, userId))})`,
        catalogueFingerprint: catalogueFingerprintSql(),
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) return undefined;
    return {
      verify: row.verify,
      latestApplication:
        row.applicationState === null
          ? null
          : {
              state: row.applicationState,
              limitAmount:
                row.applicationLimit === null ? null : rupiah(Number(row.applicationLimit), 'limit amount'),
            },
      used: rupiah(Number(row.used), 'used principal'),
      openLoanId: row.openLoanId,
      monthlyIncome: rupiah(Number(row.monthlyIncome ?? 0), 'monthly income'),
      catalogueFingerprint: row.catalogueFingerprint,
    };
  }

  async insert(db: DbOrTx, loan: NewLoan): Promise<LoanRow> {
    const [row] = await db.insert(loans).values(loan).returning(LOAN_ROW);
    if (!row) throw new Error('loan insert returned nothing');
    return row;
  }

  async byIdempotencyKey(db: DbOrTx, userId: string, key: string): Promise<LoanRow | undefined> {
    const [row] = await db
      .select(LOAN_ROW)
      .from(loans)
      .where(and(eq(loans.userId, userId), eq(loans.idempotencyKey, key)));
    return row;
  }

  /** The borrower's open loan (at most one, by the unique index), optionally locked. */
  async open(db: DbOrTx, userId: string, lock = false): Promise<LoanRow | undefined> {
    const where = and(eq(loans.userId, userId), inArray(loans.state, [...OPEN_LOAN_STATES]));
    if (lock) return this.lockedRows(db, where).then(([row]) => row);
    const [row] = await db.select(LOAN_ROW).from(loans).where(where);
    return row;
  }

  /** A loan of this borrower (never another's), optionally locked. */
  async ofUser(db: DbOrTx, userId: string, loanId: string, lock = false): Promise<LoanRow | undefined> {
    const where = and(eq(loans.id, loanId), eq(loans.userId, userId));
    if (lock) return this.lockedRows(db, where).then(([row]) => row);
    const [row] = await db.select(LOAN_ROW).from(loans).where(where);
    return row;
  }

  /**
   * Locks the loans `where` selects, then reads them whole, in a second statement. A row's account is read with its
   * bills (stored-loan-account.ts), and a locking read that waited for another transaction re-reads only the locked
   * row: the bills would be as they were before that transaction committed (PostgreSQL, READ COMMITTED).
   */
  private async lockedRows(db: DbOrTx, where: SQL | undefined): Promise<LoanRow[]> {
    const locked = await db.select({ id: loans.id }).from(loans).where(where).for('update');
    if (locked.length === 0) return [];
    return db
      .select(LOAN_ROW)
      .from(loans)
      .where(
        inArray(
          loans.id,
          locked.map((l) => l.id),
        ),
      );
  }

  async allOfUser(db: DbOrTx, userId: string): Promise<LoanRow[]> {
    return db
      .select(LOAN_ROW)
      .from(loans)
      .where(eq(loans.userId, userId))
      .orderBy(desc(loans.createdAt))
      .limit(100);
  }

  async byId(db: DbOrTx, loanId: string): Promise<LoanRow | undefined> {
    const [row] = await db.select(LOAN_ROW).from(loans).where(eq(loans.id, loanId));
    return row;
  }

  async byIdForUpdate(db: DbOrTx, loanId: string): Promise<LoanRow | undefined> {
    const [row] = await this.lockedRows(db, eq(loans.id, loanId));
    return row;
  }

  /**
   * Applies changes only while the loan is in `from`: a state change is one guarded statement. The row read back has
   * its account whole only if its bills were written before (LoanBookService.save writes them first).
   */
  async update(db: DbOrTx, loanId: string, from: LoanState, changes: LoanChanges): Promise<LoanRow> {
    const [row] = await db
      .update(loans)
      .set(changes)
      .where(and(eq(loans.id, loanId), eq(loans.state, from)))
      .returning(LOAN_ROW);
    if (!row) throw new Error(`loan ${loanId} is no longer ${from}`);
    return row;
  }

  /** Principal lent and not yet repaid on the borrower's open loans: what is used of the limit. */
  async usedPrincipal(db: DbOrTx, userId: string): Promise<Rupiah> {
    const [row] = await db.select({ used: USED_PRINCIPAL }).from(loans).where(openLoansOf(userId));
    return rupiah(Number(row?.used ?? 0), 'used principal');
  }

  async insertBills(db: DbOrTx, rows: Array<typeof loanBills.$inferInsert>): Promise<void> {
    if (rows.length > 0) await db.insert(loanBills).values(rows);
  }

  /**
   * Writes each bill's figures and state from the loan account, in the caller's transaction; a bill the account has
   * and the table not yet (relief's spread adds bills: lifecycle/relief.ts) is inserted.
   */
  async updateBills(
    db: DbOrTx,
    loanId: string,
    instalments: readonly LoanInstalment[],
    now: Date,
  ): Promise<void> {
    for (const i of instalments) {
      const row = billRowOf(loanId, i, now);
      // Relief moves due dates and principal (lifecycle/relief.ts); a period's start never changes.
      const { loanId: _loan, number: _number, periodStart: _start, ...figures } = row;
      await db
        .insert(loanBills)
        .values(row)
        .onConflictDoUpdate({ target: [loanBills.loanId, loanBills.number], set: figures });
    }
  }

  /**
   * Repaying loans with something to accrue by `date` (their next accrual day has come), locked; those another
   * transaction holds are skipped (done later).
   */
  async lockDue(tx: DbOrTx, date: string, limit: number): Promise<AccrualRow[]> {
    // Locked first, read whole after (lockedRows says why); only what the accrual needs: the plan and product (large
    // JSON) stay in the table.
    const locked = await tx
      .select({ id: loans.id })
      .from(loans)
      .where(
        and(
          inArray(loans.state, ['active', 'overdue']),
          // NULL: an account written without its next day (by an older version during a deploy): read it to be sure.
          or(isNull(loans.nextAccrualOn), lte(loans.nextAccrualOn, date)),
        ),
      )
      .orderBy(loans.nextAccrualOn, loans.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (locked.length === 0) return [];
    return tx
      .select({ id: loans.id, userId: loans.userId, state: loans.state, account: storedAccountSql })
      .from(loans)
      .where(
        inArray(
          loans.id,
          locked.map((l) => l.id),
        ),
      )
      .orderBy(loans.id);
  }

  /** Many loans' accounts and states in one statement (the daily accrual). */
  async saveAccounts(
    tx: DbOrTx,
    rows: ReadonlyArray<{
      id: string;
      state: string;
      account: unknown;
      accruedThrough: string;
      nextAccrualOn: string | null;
      heldCredit: Rupiah;
    }>,
    now: Date,
  ): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map((r) => ({
      id: r.id,
      state: r.state,
      account: r.account,
      accrued: r.accruedThrough,
      next: r.nextAccrualOn,
      held: r.heldCredit,
    }));
    await tx.execute(sql`update ${loans} set account = v.account, state = v.state,
      accrued_through = v.accrued::date, next_accrual_on = v.next::date, held_credit = v.held, updated_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        as v(id text, state text, account jsonb, accrued text, next text, held bigint)
      where ${loans.id} = v.id`);
  }

  /** Many bills' changing figures (billRowOf) in one statement: the daily accrual's engine pass. */
  async saveBills(tx: DbOrTx, rows: ReadonlyArray<typeof loanBills.$inferInsert>, now: Date): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map((r) => ({
      loan_id: r.loanId,
      number: r.number,
      late_fee: r.lateFee,
      paid: r.paid,
      state: r.state,
      unpaid_principal: r.unpaidPrincipal,
      unpaid_interest: r.unpaidInterest,
      unpaid_fee: r.unpaidFee,
      recognized_interest: r.recognizedInterest,
      recognized_fee: r.recognizedFee,
      late_fee_through: r.lateFeeThrough,
      late_fee_runs: r.lateFeeRuns ?? null,
    }));
    await tx.execute(sql`update ${loanBills} set late_fee = v.late_fee, paid = v.paid, state = v.state,
        unpaid_principal = v.unpaid_principal, unpaid_interest = v.unpaid_interest, unpaid_fee = v.unpaid_fee,
        recognized_interest = v.recognized_interest, recognized_fee = v.recognized_fee,
        late_fee_through = v.late_fee_through::date, late_fee_runs = v.late_fee_runs, updated_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(loan_id text, number int, late_fee bigint,
        paid bigint, state text, unpaid_principal bigint, unpaid_interest bigint, unpaid_fee bigint,
        recognized_interest bigint, recognized_fee bigint, late_fee_through text, late_fee_runs jsonb)
      where ${loanBills.loanId} = v.loan_id and ${loanBills.number} = v.number`);
  }

  /** Every unpaid bill of a repaying loan not under dispute, with what it still asks and whom to tell (reminders). */
  async unpaidBills(db: DbOrTx): Promise<UnpaidBill[]> {
    const rows = await db
      .select({
        loanId: loanBills.loanId,
        number: loanBills.number,
        dueDate: loanBills.dueDate,
        outstanding: sql<string>`${loanBills.principal} + ${loanBills.interest} + ${loanBills.fee} + ${loanBills.lateFee} - ${loanBills.paid}`,
        locale: loans.locale,
        userId: users.id,
        phoneEnc: users.phoneEnc,
        timeZone: users.timeZone,
        province: borrowerProfiles.province,
        whatsappEnc: sql<string | null>`case when ${borrowerVerifications.reminderChannel} = 'whatsapp'
          and ${borrowerVerifications.whatsappVerifiedAt} is not null then ${borrowerVerifications.whatsappPhoneEnc} end`,
      })
      .from(loanBills)
      .innerJoin(loans, eq(loans.id, loanBills.loanId))
      .innerJoin(users, eq(users.id, loans.userId))
      .leftJoin(borrowerProfiles, eq(borrowerProfiles.userId, loans.userId))
      .leftJoin(borrowerVerifications, eq(borrowerVerifications.userId, loans.userId))
      .where(
        and(
          inArray(loans.state, ['active', 'overdue']),
          inArray(loanBills.state, ['pending', 'overdue']),
          // A loan under dispute (lifecycle/dispute.ts) is nobody's to remind of: the borrower contests it.
          sql`(${loans.account} ->> 'disputedSince') is null`,
        ),
      );
    return rows.map((r) => ({ ...r, outstanding: rupiah(Number(r.outstanding), 'bill outstanding') }));
  }

  /**
   * The loan book's figures on `asOf`: principal disbursed and borrowers since launch; principal outstanding, and the
   * part of it on loans with a bill more than 90 days past due. A bill's principal paid is what it received beyond its
   * late fee, fee and interest (the allocation pays those first).
   */
  async bills(db: DbOrTx, loanId: string) {
    return db.select().from(loanBills).where(eq(loanBills.loanId, loanId)).orderBy(loanBills.number);
  }

  // ---- disbursements

  async insertDisbursement(db: DbOrTx, row: typeof disbursements.$inferInsert): Promise<DisbursementRow> {
    const [inserted] = await db.insert(disbursements).values(row).returning();
    if (!inserted) throw new Error('disbursement insert returned nothing');
    return inserted;
  }

  async disbursement(db: DbOrTx, id: string, lock = false): Promise<DisbursementRow | undefined> {
    const query = db.select().from(disbursements).where(eq(disbursements.id, id));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  }

  async latestDisbursement(db: DbOrTx, loanId: string): Promise<DisbursementRow | undefined> {
    const [row] = await db
      .select()
      .from(disbursements)
      .where(eq(disbursements.loanId, loanId))
      .orderBy(desc(disbursements.createdAt))
      .limit(1);
    return row;
  }

  async failedAttempts(db: DbOrTx, loanId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<string>`count(*)` })
      .from(disbursements)
      .where(and(eq(disbursements.loanId, loanId), eq(disbursements.status, 'failed')));
    return Number(row?.n ?? 0);
  }

  /**
   * Moves a disbursement forward only from one of `from` (callbacks/monotonic-status.ts): the check and the write are
   * one statement, so a late or concurrent callback cannot move it back. Undefined when it was not in `from`.
   */
  async moveDisbursement(
    db: DbOrTx,
    id: string,
    from: readonly string[],
    changes: Partial<typeof disbursements.$inferInsert> & { status: string; updatedAt: Date },
  ): Promise<DisbursementRow | undefined> {
    const [row] = await db
      .update(disbursements)
      .set(changes)
      .where(and(eq(disbursements.id, id), inArray(disbursements.status, [...from])))
      .returning();
    return row;
  }

  /** Card ids a disbursement is queued for or being sent to. */
  async cardsInUse(db: DbOrTx, bankAccountIds: readonly string[]): Promise<Set<string>> {
    if (bankAccountIds.length === 0) return new Set();
    const rows = await db
      .select({ id: disbursements.bankAccountId })
      .from(disbursements)
      .where(
        and(
          inArray(disbursements.bankAccountId, [...bankAccountIds]),
          inArray(disbursements.status, ['queued', 'sending', 'pending']),
        ),
      );
    return new Set(rows.map((r) => r.id));
  }
}

/**
 * A bill's row as the loan account has it: its nightly fields (state, late fee, `lateFeeThrough`, `lateFeeRuns`,
 * income recognised) are kept here only (stored-loan-account.ts), the rest are copies the book's queries read.
 */
export function billRowOf(loanId: string, i: LoanInstalment, now: Date): typeof loanBills.$inferInsert {
  const unpaid = remainingOf(i);
  return {
    loanId,
    number: i.number,
    periodStart: i.periodStart,
    dueDate: i.dueDate,
    principal: i.due.principal,
    interest: i.due.interest,
    fee: i.due.fee,
    lateFee: i.due.lateFee,
    paid: totalOf(i.paid),
    state: i.state,
    days: i.days,
    contractInterest: i.contract.interest,
    contractFee: i.contract.fee,
    returnedInterest: i.returnedUse?.interest ?? null,
    returnedFee: i.returnedUse?.fee ?? null,
    unpaidPrincipal: unpaid.principal,
    unpaidInterest: unpaid.interest,
    unpaidFee: unpaid.fee,
    recognizedInterest: i.recognized.interest,
    recognizedFee: i.recognized.fee,
    lateFeeThrough: i.lateFeeThrough,
    lateFeeRuns: i.lateFeeRuns ?? null,
    updatedAt: now,
  };
}
