// Daily accrual benchmark on PostgreSQL (100,000 loans) and PGlite (5,000): real engine accounts with three bills, a
// user and a card each, seeded by set-based SQL, then the nightly job as production runs it. Two nights:
// - a typical night: a steady book of 3-month loans disbursed evenly over the last 90 days, accrued through yesterday;
//   90% paid every bill on its due date, 10% left their latest bill unpaid (overdue, gathering late fees). Only the
//   loans with something to write tonight are read: a bill that fell due yesterday, or a late fee;
// - the worst night: every loan has something to write (here 35 days behind with a bill going overdue; a first of the
//   month, when income is recognised on every loan, costs about the same), with one batch worker and with two.
// Baseline in the same database: one UPDATE touching every loan row (the least any set-based pass must do). The time
// per loan gives the extrapolation to 1,000,000.
import { sql } from 'drizzle-orm';
import { accrueTo } from '@kaskita/domain/lifecycle/accrual';
import { allocatePayment } from '@kaskita/domain/lifecycle/allocation';
import {
  disburseLoan,
  openLoan,
  remainingOf,
  totalOf,
  type Loan,
} from '@kaskita/domain/lifecycle/loan-account';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { addDays } from '@kaskita/domain/pricing/business-date';
import { plan } from '@kaskita/domain/pricing/plan';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { LedgerService } from '../apps/server/src/modules/ledger/ledger-service.ts';
import { LoanBookService } from '../apps/server/src/modules/loans/loan-book-service.ts';
import { LoanOrdersRepository } from '../apps/server/src/modules/loans/loan-orders-repository.ts';
import { accountColumns } from '../apps/server/src/modules/loans/stored-loan-account.ts';
import {
  ACCRUAL_WORKERS_ON_POSTGRES,
  DailyAccrualService,
  type AccrualReport,
} from '../apps/server/src/modules/repayments/daily-accrual-service.ts';
import { LoanClosedHooks } from '../apps/server/src/modules/repayments/loan-closed-hooks.ts';
import { UserRepository } from '../apps/server/src/modules/user/user-repository.ts';
import { UserService } from '../apps/server/src/modules/user/user-service.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { DataCipher } from '../apps/server/src/security/data-cipher.ts';
import { LookupHasher } from '../apps/server/src/security/lookup-hasher.ts';
import { onEachDatabase } from './bench-databases.ts';

const WORST_START = '2026-01-05';
const TYPICAL_NIGHT = '2026-05-20';
const BOOK_DAYS = 90;
const UNPAID_SHARE = 10; // one loan in ten

/** A 3-month loan of Rp2,000,000 disbursed on `start`, its bills paid on their due dates before `asOf` (the latest one
 * left unpaid when `unpaidLatest`), accrued through `asOf`. */
function bookLoan(start: string, asOf: string, unpaidLatest: boolean): Loan {
  let loan = disburseLoan(
    openLoan('bench', plan(cashLoanProduct, rupiah(2_000_000), { unit: 'month', length: 3 }, start)),
    start,
  );
  const fallen = loan.instalments.filter((i) => i.dueDate < asOf);
  for (const [k, bill] of fallen.entries()) {
    if (unpaidLatest && k === fallen.length - 1) break;
    loan = accrueTo(loan, bill.dueDate);
    const amount = totalOf(remainingOf(loan.instalments[bill.number - 1]!));
    loan = allocatePayment(loan, { date: bill.dueDate, amount }).loan;
  }
  return accrueTo(loan, asOf);
}

/**
 * `count` loans, loan g of `cohorts[cohortOf(g)]` (a SQL expression of g), with their users, cards and bills, in a few
 * statements.
 */
async function seed(
  database: Database,
  count: number,
  cohorts: readonly Loan[],
  cohortOf: string,
): Promise<void> {
  await database.query(
    'truncate users, bank_accounts, loans, loan_bills, ledger_entries, ledger_lines cascade',
  );
  const now = new Date().toISOString();
  await database.query(
    // The phone is never read here: placeholders where the app keeps it sealed (users.phone_enc, phone_hash).
    `insert into users (id, phone_enc, phone_hash, created_at, updated_at) select 'u' || g, 'bench', 'bench-' || g, $1, $1
     from generate_series(1, ${count}) g`,
    [now],
  );
  await database.query(
    `insert into bank_accounts (id, user_id, bank_code, account_number_enc, account_number_hash, holder_name_enc,
       last_digits, verified_at, is_default, created_at)
     select 'b' || g, 'u' || g, 'BCA', 'x', 'h' || g, 'BENCH', '0000', $1, true, $1 from generate_series(1, ${count}) g`,
    [now],
  );
  const data = cohorts.map((loan) => {
    const p = plan(cashLoanProduct, loan.principal, { unit: 'month', length: 3 }, loan.startDate);
    return {
      ...accountColumns(loan),
      state: loan.state,
      start: loan.startDate,
      received: p.disbursement.received,
      plan: p,
      bills: loan.instalments.map((i) => ({
        number: i.number,
        start: i.periodStart,
        due: i.dueDate,
        principal: i.due.principal,
        interest: i.due.interest,
        fee: i.due.fee,
        late: i.due.lateFee,
        paid: totalOf(i.paid),
        state: i.state,
      })),
    };
  });
  const pick = `from generate_series(1, ${count}) g
    join jsonb_array_elements($1::jsonb) with ordinality as c(d, n) on c.n - 1 = (${cohortOf})`;
  await database.query(
    `insert into loans (id, user_id, idempotency_key, state, product_id, product, amount, amount_received, period,
       purpose_id, plan, account, bank_account_id, agreement_version, agreement_sha256, accepted_at, accepted_ip,
       locale, disbursed_on, accrued_through, next_accrual_on, created_at, updated_at)
     select 'l' || g, 'u' || g, 'k' || g, c.d->>'state', 'cash-loan', $2::jsonb, 2000000, (c.d->>'received')::bigint,
       'month-3-3', 101, c.d->'plan', c.d->'account', 'b' || g, 'v', 's', $3, '127.0.0.1', 'id-ID',
       (c.d->>'start')::date, (c.d->>'accruedThrough')::date, (c.d->>'nextAccrualOn')::date, $3, $3
     ${pick}`,
    [JSON.stringify(data), JSON.stringify(cashLoanProduct), now],
  );
  await database.query(
    `insert into loan_bills (loan_id, number, period_start, due_date, principal, interest, fee, late_fee, paid,
       state, updated_at)
     select 'l' || g, (b->>'number')::int, (b->>'start')::date, (b->>'due')::date, (b->>'principal')::bigint,
       (b->>'interest')::bigint, (b->>'fee')::bigint, (b->>'late')::bigint, (b->>'paid')::bigint, b->>'state', $2
     ${pick} cross join jsonb_array_elements(c.d->'bills') as b`,
    [JSON.stringify(data), now],
  );
  await database.query('analyze');
}

/** The steady book on the typical night's eve: loan g disbursed `g % 90` days before, one in ten behind. */
async function seedTypicalBook(database: Database, count: number): Promise<void> {
  const eve = addDays(TYPICAL_NIGHT, -1);
  const cohorts = Array.from({ length: BOOK_DAYS }, (_, day) =>
    [false, true].map((unpaid) => bookLoan(addDays(eve, -day), eve, unpaid)),
  ).flat();
  await seed(
    database,
    count,
    cohorts,
    `(g % ${BOOK_DAYS}) * 2 + (case when (g / ${BOOK_DAYS}) % ${UNPAID_SHARE} = 0 then 1 else 0 end)`,
  );
}

/** Every loan disbursed on one day, accrued through that day: 35 days later each has a bill going overdue. */
async function seedWorstBook(database: Database, count: number): Promise<void> {
  await seed(database, count, [bookLoan(WORST_START, WORST_START, false)], '0');
}

/** The settings' development keys: the run never reads a phone, but the repository is built with keys. */
const APP_KEYS = loadEnv({});

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const pg = Boolean(env.BENCH_DATABASE_URL);
  const count = pg ? 100_000 : 5_000;
  const database = await openDatabase(
    pg
      ? { kind: 'postgres', url: env.BENCH_DATABASE_URL!, poolSize: 4 }
      : { kind: 'pglite', dataDir: env.BENCH_DATA_DIR! },
  );
  const night = async (date: string, workers: number) => {
    const clock = { now: () => new Date(`${date}T01:00:00Z`) };
    const service = new DailyAccrualService({
      db: database.db,
      clock,
      loans: new LoanBookService(new LoanOrdersRepository()),
      ledger: new LedgerService(),
      closed: new LoanClosedHooks(),
      users: new UserService(
        database.db,
        new UserRepository({ cipher: DataCipher.fromEnv(APP_KEYS), lookup: LookupHasher.fromEnv(APP_KEYS) }),
        clock,
      ),
      workers,
    });
    const start = performance.now();
    const report = await service.run(date);
    const seconds = (performance.now() - start) / 1000;
    const again = await service.run(date);
    if (again.loans !== 0) throw new Error('a second run for the same date found loans to accrue');
    return { report, seconds };
  };
  const line = (
    what: string,
    { report, seconds }: { report: AccrualReport; seconds: number },
    baseline: number,
  ) =>
    console.log(
      `  ${what.padEnd(44)} ${seconds.toFixed(2).padStart(6)} s  ${report.loans.toLocaleString('en')} loans read, ${report.becameOverdue.toLocaleString('en')} overdue, ${report.batches} batches  (${((seconds * 1000) / count).toFixed(3)} ms per loan in the book, ratio ${(seconds / baseline).toFixed(1)}x baseline)`,
    );
  try {
    await database.migrate();
    const seeded = performance.now();
    await seedTypicalBook(database, count);
    console.log(
      `${label}: ${count.toLocaleString('en')} loans seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const baselineStart = performance.now();
    await database.db.execute(sql`update loans set updated_at = now()`);
    const baseline = (performance.now() - baselineStart) / 1000;
    console.log(`  baseline: one UPDATE of every loan row      ${baseline.toFixed(2).padStart(6)} s`);

    const workers = pg ? ACCRUAL_WORKERS_ON_POSTGRES : 1;
    const typical = await night(TYPICAL_NIGHT, workers);
    line(`typical night (${workers} worker${workers > 1 ? 's' : ''})`, typical, baseline);

    const worstDate = addDays(WORST_START, 35);
    await seedWorstBook(database, count);
    const worst = await night(worstDate, 1);
    line('worst night, every loan (1 worker)', worst, baseline);
    if (pg) {
      await seedWorstBook(database, count);
      const parallel = await night(worstDate, workers);
      line(`worst night, every loan (${workers} workers)`, parallel, baseline);
      console.log(
        `    ${workers} workers against 1: ${(worst.seconds / parallel.seconds).toFixed(2)}x faster`,
      );
      worst.seconds = parallel.seconds;
    }
    console.log(
      `  1,000,000 loans by extrapolation: typical night ${((typical.seconds * 1_000_000) / count).toFixed(0)} s, worst night ${((worst.seconds * 1_000_000) / count).toFixed(0)} s`,
    );
  } finally {
    await database.close();
  }
}

export async function run(): Promise<void> {
  await onEachDatabase(benchOn);
}
