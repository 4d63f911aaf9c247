import type { Loan } from '@kaskita/domain/lifecycle/loan-account';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import type { Database } from '../../src/db/client.ts';
import { billRowOf } from '../../src/modules/loans/loan-orders-repository.ts';
import { accountColumns } from '../../src/modules/loans/stored-loan-account.ts';

/**
 * A loan book of `count` disbursed loans in a few set-based statements, whatever its size (the accrual bench seeds a
 * million): loan `'l' || g` (g from 1; or `loanIdOf`) is `cohorts[cohortOf(g)]`'s account, `cohortOf` a SQL expression
 * of g, each with its user `'u' || g` (or `userIdOf`), a default card and its bills. Empties the book's tables first.
 * The stored product is the cash loan's whatever the cohort's plan: nothing here reads it.
 */
export async function seedLoanBook(
  database: Database,
  count: number,
  cohorts: readonly Loan[],
  cohortOf: string,
  /** SQL expressions of g for the loan's and its user's ids. */
  { loanIdOf = "'l' || g", userIdOf = "'u' || g" }: { loanIdOf?: string; userIdOf?: string } = {},
): Promise<void> {
  await database.query(
    'truncate users, bank_accounts, loans, loan_bills, ledger_entries, ledger_lines cascade',
  );
  const now = new Date().toISOString();
  await database.query(
    // The phone is never read here: placeholders where the app keeps it sealed (users.phone_enc, phone_hash).
    `insert into users (id, phone_enc, phone_hash, created_at, updated_at) select ${userIdOf}, 'seed', 'seed-' || g, $1, $1
     from generate_series(1, ${count}) g`,
    [now],
  );
  await database.query(
    `insert into bank_accounts (id, user_id, bank_code, account_number_enc, account_number_hash, holder_name_enc,
       last_digits, verified_at, is_default, created_at)
     select 'b' || g, ${userIdOf}, 'BCA', 'x', 'h' || g, 'SEED', '0000', $1, true, $1 from generate_series(1, ${count}) g`,
    [now],
  );
  const data = cohorts.map((loan) => ({
    ...accountColumns(loan),
    state: loan.state,
    start: loan.startDate,
    amount: loan.principal,
    received: loan.plan.disbursement.received,
    plan: loan.plan,
    bills: loan.instalments.map((i) => billRowOf(loan.id, i, new Date(0))),
  }));
  const pick = `from generate_series(1, ${count}) g
    join jsonb_array_elements($1::jsonb) with ordinality as c(d, n) on c.n - 1 = (${cohortOf})`;
  await database.query(
    `insert into loans (id, user_id, idempotency_key, state, product_id, product, amount, amount_received, period,
       purpose_id, plan, account, bank_account_id, agreement_version, agreement_sha256, accepted_at, accepted_ip,
       locale, disbursed_on, accrued_through, next_accrual_on, held_credit, late_fee_base, daily_late_fee_num,
       daily_late_fee_den, late_fee_ceiling, disputed_since, created_at, updated_at)
     select ${loanIdOf}, ${userIdOf}, 'k' || g, c.d->>'state', 'cash-loan', $2::jsonb, (c.d->>'amount')::bigint,
       (c.d->>'received')::bigint, 'seeded', 101, c.d->'plan', c.d->'account', 'b' || g, 'v', 's', $3, '127.0.0.1',
       'id-ID', (c.d->>'start')::date, (c.d->>'accruedThrough')::date, (c.d->>'nextAccrualOn')::date,
       (c.d->>'heldCredit')::bigint, c.d->>'lateFeeBase', (c.d->>'dailyLateFeeNum')::numeric,
       (c.d->>'dailyLateFeeDen')::numeric, (c.d->>'lateFeeCeiling')::bigint, (c.d->>'disputedSince')::date, $3, $3
     ${pick}`,
    [JSON.stringify(data), JSON.stringify(cashLoanProduct), now],
  );
  // The loans' statistics before their bills: each bill's key to its loan is checked by a plan made from them, and
  // with the statistics of the book truncated above, 3,000,000 bills spent over 10 minutes in those checks (a
  // backtrace: the key check's index scans), against about a minute for the whole seed with them (2026-12-03,
  // PostgreSQL 15 on deploy/postgresql.conf; the default settings were not affected).
  await database.query('analyze loans');
  await database.query(
    `insert into loan_bills (loan_id, number, period_start, due_date, principal, interest, fee, late_fee, paid,
       state, days, contract_interest, contract_fee, returned_interest, returned_fee, unpaid_principal,
       unpaid_interest, unpaid_fee, recognized_interest, recognized_fee, late_fee_through, late_fee_runs, updated_at)
     select ${loanIdOf}, r.*, $2 ${pick}
     cross join jsonb_to_recordset(c.d->'bills') as r(number int, "periodStart" date, "dueDate" date, principal bigint,
       interest bigint, fee bigint, "lateFee" bigint, paid bigint, state text, days int, "contractInterest" bigint,
       "contractFee" bigint, "returnedInterest" bigint, "returnedFee" bigint, "unpaidPrincipal" bigint,
       "unpaidInterest" bigint, "unpaidFee" bigint, "recognizedInterest" bigint, "recognizedFee" bigint,
       "lateFeeThrough" date, "lateFeeRuns" jsonb)`,
    [JSON.stringify(data), now],
  );
  await database.query('analyze');
}
