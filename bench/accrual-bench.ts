// Daily accrual benchmark: N repaying loans (a real engine account each, three bills, a user and a card) seeded by
// set-based SQL, then the nightly job brings all of them 35 days forward (interest and fee recognised, the first bill
// overdue with four days of late fees, ledger lines written) in batches. Baseline in the same database: one UPDATE
// touching every loan row (the least any set-based pass must do). PGlite with 5,000 loans, PostgreSQL with 100,000;
// the time per loan gives the extrapolation to 1,000,000.
import { sql } from 'drizzle-orm';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { disburseLoan, openLoan } from '@kaskita/domain/lifecycle/loan-account';
import { addDays } from '@kaskita/domain/pricing/business-date';
import { plan } from '@kaskita/domain/pricing/plan';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { LedgerService } from '../apps/server/src/modules/ledger/ledger-service.ts';
import { LoanBookService } from '../apps/server/src/modules/loans/loan-book-service.ts';
import { LoanOrdersRepository } from '../apps/server/src/modules/loans/loan-orders-repository.ts';
import { encodeLoanAccount } from '../apps/server/src/modules/loans/stored-loan-account.ts';
import { DailyAccrualService } from '../apps/server/src/modules/repayments/daily-accrual-service.ts';
import { onEachDatabase } from './bench-databases.ts';

const START = '2026-01-05';

async function seed(database: Database, count: number): Promise<void> {
  const sample = plan(cashLoanProduct, 2_000_000, { unit: 'month', length: 3 }, START);
  const account = JSON.stringify(encodeLoanAccount(disburseLoan(openLoan('bench', sample), START)));
  const bills = sample.instalments;
  const now = new Date().toISOString();
  await database.query(
    `insert into users (id, phone, created_at, updated_at) select 'u' || g, '08' || lpad(g::text, 10, '0'), $1, $1
     from generate_series(1, ${count}) g`,
    [now],
  );
  await database.query(
    `insert into bank_accounts (id, user_id, bank_code, account_number_enc, account_number_hash, holder_name,
       last_digits, verified_at, is_default, created_at)
     select 'b' || g, 'u' || g, 'BCA', 'x', 'h' || g, 'BENCH', '0000', $1, true, $1 from generate_series(1, ${count}) g`,
    [now],
  );
  await database.query(
    `insert into loans (id, user_id, idempotency_key, state, product_id, product, amount, amount_received, period,
       purpose_id, plan, account, bank_account_id, agreement_version, agreement_sha256, accepted_at, accepted_ip,
       locale, disbursed_on, accrued_through, created_at, updated_at)
     select 'l' || g, 'u' || g, 'k' || g, 'active', 'cash-loan', $1::jsonb, 2000000, $2, 'month-3-3', 101,
       $3::jsonb, $4::jsonb, 'b' || g, 'v', 's', $5, '127.0.0.1', 'id-ID', $6::date, $6::date, $5, $5
     from generate_series(1, ${count}) g`,
    [
      JSON.stringify(cashLoanProduct),
      sample.disbursement.received,
      JSON.stringify(sample),
      account,
      now,
      START,
    ],
  );
  for (const b of bills)
    await database.query(
      `insert into loan_bills (loan_id, number, period_start, due_date, principal, interest, fee, late_fee, paid,
         state, updated_at)
       select 'l' || g, $1, $2::date, $3::date, $4, $5, $6, 0, 0, 'pending', $7 from generate_series(1, ${count}) g`,
      [b.number, b.periodStart, b.dueDate, b.principal, b.interest, b.fee, now],
    );
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const pg = Boolean(env.BENCH_DATABASE_URL);
  const count = pg ? 100_000 : 5_000;
  const database = await openDatabase(
    pg
      ? { kind: 'postgres', url: env.BENCH_DATABASE_URL!, poolSize: 4 }
      : { kind: 'pglite', dataDir: env.BENCH_DATA_DIR! },
  );
  try {
    await database.migrate();
    const seeded = performance.now();
    await seed(database, count);
    await database.query('analyze');
    console.log(
      `${label}: seeded ${count.toLocaleString('en')} loans in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const baselineStart = performance.now();
    await database.db.execute(sql`update loans set updated_at = now()`);
    const baseline = (performance.now() - baselineStart) / 1000;

    const clock = { now: () => new Date(`${addDays(START, 35)}T01:00:00Z`) };
    const service = new DailyAccrualService({
      db: database.db,
      clock,
      loans: new LoanBookService(new LoanOrdersRepository()),
      ledger: new LedgerService(),
      users: { setLoanStatus: async () => {} },
    });
    const start = performance.now();
    const report = await service.run(addDays(START, 35));
    const seconds = (performance.now() - start) / 1000;
    if (report.loans !== count) throw new Error(`accrued ${report.loans} of ${count} loans`);
    const again = performance.now();
    const second = await service.run(addDays(START, 35));
    const repeat = (performance.now() - again) / 1000;
    if (second.loans !== 0) throw new Error('a second run for the same date found loans to accrue');
    const perLoanMs = (seconds * 1000) / count;
    console.log(`  baseline: one UPDATE of every loan row      ${baseline.toFixed(2)} s`);
    console.log(
      `  daily accrual, ${count.toLocaleString('en')} loans, 35 days (${report.becameOverdue.toLocaleString('en')} overdue, ${report.batches} batches)  ${seconds.toFixed(2)} s  (${(count / seconds).toFixed(0)} loans/s, ${perLoanMs.toFixed(3)} ms/loan, ratio ${(seconds / baseline).toFixed(1)}x baseline)`,
    );
    console.log(`  the same date again (nothing to do)        ${repeat.toFixed(3)} s`);
    console.log(
      `  1,000,000 loans by extrapolation           ${((perLoanMs * 1_000_000) / 1000).toFixed(0)} s`,
    );
  } finally {
    await database.close();
  }
}

export async function run(): Promise<void> {
  await onEachDatabase(benchOn);
}
