// Daily accrual benchmark on PostgreSQL (100,000 and 1,000,000 loans) and PGlite (5,000): real engine accounts with
// three bills, a user and a card each, seeded by set-based SQL, then the nightly job as production runs it. Two nights:
// - a typical night: a steady book of 3-month loans disbursed evenly over the last 90 days, accrued through yesterday;
//   90% paid every bill on its due date, 10% left their latest bill unpaid (overdue, gathering late fees). Only the
//   loans with something to write tonight are read: a bill that fell due yesterday, or a late fee;
// - the worst night: every loan has something to write (here 35 days behind with a bill going overdue; a first of the
//   month, when income is recognised on every loan, costs about the same); at the smaller size also with every loan
//   through the engine in Node, as the job did before its set-based pass (accrual-in-sql.ts).
// ACCRUAL_BENCH_MILLION=0 leaves out the million (seeding it alone takes minutes); ACCRUAL_BENCH_ENGINE=0 the engine
// alone (a minute at 100,000 loans).
// Baseline in the same database: one UPDATE touching every loan row (the least any set-based pass must do).
// On production's PostgreSQL settings (deploy/postgresql.conf) instead of the local server's:
// BENCH_PG_ADMIN_URL="$(bash bench/tuned-postgres.sh)" npm run bench -- accrual
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
import { seedLoanBook } from '../apps/server/test/helpers/loan-book-seed.ts';
import { onEachDatabase } from './bench-databases.ts';

const WORST_START = '2026-01-05';
/**
 * Ids shaped as the app makes them (crypto.randomUUID: 36 characters, random), not the seed's short 'l' || g in
 * insertion order: a key's length and order are what every index insert, join and sort of the night works with. They
 * showed that the loans' low TOAST target had moved every id out of the row (migration 0050, which the short ids
 * never reached). Under a locale's collation they cost more (db/columns.ts).
 */
const APP_IDS = { loanIdOf: "md5('l' || g)::uuid::text", userIdOf: "md5('u' || g)::uuid::text" };
const TYPICAL_NIGHT = '2026-05-20';
const BOOK_DAYS = 90;
const UNPAID_SHARE = 10; // one loan in ten

/** A 3-month loan of Rp2,000,000 disbursed on `start`, its bills paid on their due dates before `asOf` (the latest one
 * left unpaid when `unpaidLatest`), accrued through `asOf`. */
function bookLoan(start: string, asOf: string, unpaidLatest: boolean, id = 'bench'): Loan {
  let loan = disburseLoan(
    openLoan(id, plan(cashLoanProduct, rupiah(2_000_000), { unit: 'month', length: 3 }, start)),
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

/** The steady book on the typical night's eve: loan g disbursed `g % 90` days before, one in ten behind. */
async function seedTypicalBook(database: Database, count: number): Promise<void> {
  const eve = addDays(TYPICAL_NIGHT, -1);
  const cohorts = Array.from({ length: BOOK_DAYS }, (_, day) =>
    [false, true].map((unpaid) => bookLoan(addDays(eve, -day), eve, unpaid)),
  ).flat();
  await seedLoanBook(
    database,
    count,
    cohorts,
    `(g % ${BOOK_DAYS}) * 2 + (case when (g / ${BOOK_DAYS}) % ${UNPAID_SHARE} = 0 then 1 else 0 end)`,
    APP_IDS,
  );
}

/**
 * Every loan disbursed on one day, accrued through that day: 35 days later each has a bill going overdue. A thousand
 * accounts differing in their id, so a batch's accounts all differ as a real book's do: with one account repeated,
 * PostgreSQL's Memoize served 999 of a batch's 1,000 bill explosions from its cache, and the night measured ~15 % faster
 * than with distinct accounts (306 against 353 ms per 1,000 loans, one worker, 2026-11-30).
 */
const WORST_ACCOUNTS = 1000;
async function seedWorstBook(database: Database, count: number): Promise<void> {
  const accounts = Array.from({ length: WORST_ACCOUNTS }, (_, k) =>
    bookLoan(WORST_START, WORST_START, false, `bench-${k}`),
  );
  await seedLoanBook(database, count, accounts, `g % ${WORST_ACCOUNTS}`, APP_IDS);
}

/**
 * Before anything is timed, the seed's writes flushed to disk: a bulk insert leaves hundreds of megabytes of dirty
 * pages, and the checkpointer writing them out during the night charged the seed's cost to the night (the worst night
 * of 100,000 loans 13.3 s straight after seeding, 9.3-10.5 s after a checkpoint, 2026-12-02). A lender's night follows
 * a day of ordinary writes, not a bulk load.
 */
async function settle(database: Database): Promise<void> {
  await database.query('checkpoint');
}

/** The settings' development keys: the run never reads a phone, but the repository is built with keys. */
const APP_KEYS = loadEnv({});

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const pg = Boolean(env.BENCH_DATABASE_URL);
  const database = await openDatabase(
    pg
      ? { kind: 'postgres', url: env.BENCH_DATABASE_URL!, poolSize: 4 }
      : { kind: 'pglite', dataDir: env.BENCH_DATA_DIR! },
  );
  try {
    await database.migrate();
    // The engine alone at the smaller size only: at a million loans it takes many minutes (the figures).
    if (pg) {
      await book(database, label, 100_000, ACCRUAL_WORKERS_ON_POSTGRES, true);
      if (process.env.ACCRUAL_BENCH_MILLION !== '0')
        await book(database, label, 1_000_000, ACCRUAL_WORKERS_ON_POSTGRES, false);
    } else await book(database, label, 5_000, 1, true);
  } finally {
    await database.close();
  }
}

/** The nights of a book of `count` loans, each against one UPDATE of every loan row in the same database. */
async function book(
  database: Database,
  label: string,
  count: number,
  workers: number,
  engineToo: boolean,
): Promise<void> {
  const night = async (date: string, options: { workers: number; setBased: boolean }) => {
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
      ...options,
    });
    const start = performance.now();
    const report = await service.run(date);
    const seconds = (performance.now() - start) / 1000;
    const again = await service.run(date);
    if (again.loans !== 0) throw new Error('a second run for the same date found loans to accrue');
    return { report, seconds };
  };
  const plural = workers > 1 ? 's' : '';
  const seeded = performance.now();
  await seedTypicalBook(database, count);
  await settle(database);
  console.log(
    `${label}, ${count.toLocaleString('en')} loans (seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s):`,
  );
  const baselineStart = performance.now();
  await database.db.execute(sql`update loans set updated_at = now()`);
  const baseline = (performance.now() - baselineStart) / 1000;
  console.log(
    `  ${'baseline: one UPDATE of every loan row'.padEnd(46)} ${baseline.toFixed(2).padStart(7)} s`,
  );

  const line = (what: string, { report, seconds }: { report: AccrualReport; seconds: number }) =>
    console.log(
      `  ${what.padEnd(46)} ${seconds.toFixed(2).padStart(7)} s  ${((seconds * 1000) / count).toFixed(4)} ms a loan  ${(seconds / baseline).toFixed(1).padStart(5)}x baseline  (${report.loans.toLocaleString('en')} loans read, ${report.becameOverdue.toLocaleString('en')} overdue, ${report.batches} batches)`,
    );
  line(`typical night (${workers} worker${plural})`, await night(TYPICAL_NIGHT, { workers, setBased: true }));
  const worstDate = addDays(WORST_START, 35);
  await seedWorstBook(database, count);
  await settle(database);
  const worst = await night(worstDate, { workers, setBased: true });
  line(`worst night, every loan (${workers} worker${plural})`, worst);
  if (engineToo && process.env.ACCRUAL_BENCH_ENGINE !== '0') {
    await seedWorstBook(database, count);
    await settle(database);
    const engine = await night(worstDate, { workers, setBased: false });
    line(`worst night, the engine in Node alone`, engine);
    console.log(
      `    set-based against the engine alone: ${(engine.seconds / worst.seconds).toFixed(1)}x faster`,
    );
  }
}

export async function run(): Promise<void> {
  await onEachDatabase(benchOn);
}
