// The server side of the loan book bench (bench/book-bench.ts starts it as a child process). On the PostgreSQL database
// named by BENCH_DATABASE_URL: BENCH_LOANS loans seeded by set-based SQL (generate_series: users, names, cards,
// applications, loans in every state, three bills each), a verified administrator signed in through the real calls,
// the real app, and the bench-only raw route (one primary-key SELECT). Prints one JSON line once everything listens.
import { eq } from 'drizzle-orm';
import { users } from '../apps/server/src/db/schema.ts';
import { PROFILE_TEXT_FIELDS } from '../apps/server/src/modules/profile/profile-fields-schema.ts';
import { fieldContext } from '../apps/server/src/security/data-cipher.ts';
import { sealPhone } from '../apps/server/src/modules/user/user-phone-schema.ts';
import type { TestApp } from '../apps/server/test/helpers/test-app.ts';
import { verifiedAdministrator } from '../apps/server/test/staff/staff-helpers.ts';
import { startBenchApp } from './bench-app.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is required');
const count = Number(process.env.BENCH_LOANS ?? 100_000);

const bench = await startBenchApp({ kind: 'postgres', url, poolSize: 10 }, { LOG_LEVEL: 'error' });
const { database } = bench;

/**
 * Loan g: one borrower each; 1 in 20 paid off, 1 in 20 written off, 3 in 20 overdue (their fallen bills unpaid), 1 in
 * 20 awaiting disbursement, the rest repaying on time; disbursed over the last 360 days, three monthly bills.
 */
async function seed(): Promise<void> {
  const now = new Date().toISOString();
  const series = `from generate_series(1, ${count}) g`;
  await database.query(
    `insert into users (id, phone_enc, phone_hash, created_at, updated_at)
     select 'u' || g, 'sealed below', 'bench-' || g, $1, $1 ${series}`,
    [now],
  );
  await database.query(
    `insert into borrower_profiles (user_id, created_at, updated_at) select 'u' || g, $1, $1 ${series}`,
    [now],
  );
  // Names are encrypted (SQL has no key): sealed here, written a chunk at a time.
  const { cipher } = bench.app.infra.dataProtection;
  for (let first = 1; first <= count; first += 10_000) {
    const ids: string[] = [];
    const names: string[] = [];
    const phones: string[] = [];
    for (let g = first; g <= Math.min(count, first + 9_999); g += 1) {
      ids.push(`u${g}`);
      names.push(
        cipher.encryptField(`Borrower ${g} Bench`, fieldContext(PROFILE_TEXT_FIELDS.name.purpose, `u${g}`)),
      );
      phones.push(
        sealPhone(bench.app.infra.dataProtection, `u${g}`, `628${String(g).padStart(10, '0')}`).phoneEnc,
      );
    }
    await database.query(
      `update borrower_profiles p set name_enc = v.name from unnest($1::text[], $2::text[]) v(id, name)
       where p.user_id = v.id`,
      [ids, names],
    );
    await database.query(
      `update users u set phone_enc = v.phone from unnest($1::text[], $2::text[]) v(id, phone) where u.id = v.id`,
      [ids, phones],
    );
  }
  await database.query(
    `insert into bank_accounts (id, user_id, bank_code, account_number_enc, account_number_hash, holder_name_enc,
       last_digits, verified_at, is_default, created_at)
     select 'b' || g, 'u' || g, 'BCA', 'x', 'h' || g, 'BENCH', '0000', $1, true, $1 ${series}`,
    [now],
  );
  await database.query(
    `insert into credit_applications (id, user_id, state, submitted_at, decide_after, location_enc, locale,
       decided_at, decided_by, created_at)
     select 'a' || g, 'u' || g, case when g % 4 = 0 then 'rejected' else 'approved' end,
       now() - (g % 360) * interval '1 day', now(), 'x', 'id-ID',
       now() - (g % 360) * interval '1 day', 'rules', now() ${series}`,
  );
  await database.query(
    `insert into loans (id, user_id, idempotency_key, state, product_id, product, amount, amount_received, period,
       purpose_id, plan, bank_account_id, agreement_version, agreement_sha256, accepted_at, accepted_ip, locale,
       disbursed_on, created_at, updated_at)
     select 'l' || g, 'u' || g, 'k' || g,
       case g % 20 when 0 then 'paid-off' when 1 then 'written-off' when 2 then 'overdue' when 3 then 'overdue'
         when 4 then 'overdue' when 5 then 'awaiting-disbursement' else 'active' end,
       (array['cash-loan', 'cash-loan-6', 'promo'])[1 + g % 3], '{}'::jsonb,
       1000000 + (g % 20) * 150000, 950000 + (g % 20) * 150000, 'month-3-3', 101, '{"instalments": []}'::jsonb,
       'b' || g, 'v', 's', now(), '127.0.0.1', 'id-ID',
       case when g % 20 = 5 then null else current_date - (g % 360) end,
       now() - (g % 360) * interval '1 day' - (g % 1000) * interval '1 second', now()
     ${series}`,
  );
  // Repaying loans paid every fallen bill; overdue ones none of them; paid-off all three; written-off: written off.
  await database.query(
    `insert into loan_bills (loan_id, number, period_start, due_date, principal, interest, fee, late_fee, paid, state,
       days, contract_interest, contract_fee, unpaid_principal, unpaid_interest, unpaid_fee, recognized_interest,
       recognized_fee, late_fee_through, updated_at)
     select b.*, 30, b.interest, b.fee,
       case when b.state = 'paid' then 0 else b.principal end, case when b.state = 'paid' then 0 else b.interest end,
       case when b.state = 'paid' then 0 else b.fee end, 0, 0, b.due_date, now()
     from (select l.id, n, l.disbursed_on + (n - 1) * 30, l.disbursed_on + n * 30 as due_date, l.amount / 3 as principal,
       30000 as interest, 15000 as fee, 0,
       case when l.state = 'paid-off' or (l.state = 'active' and l.disbursed_on + n * 30 < current_date)
         then l.amount / 3 + 45000 else 0 end,
       case when l.state = 'written-off' then 'written-off'
         when l.state = 'paid-off' or (l.state = 'active' and l.disbursed_on + n * 30 < current_date) then 'paid'
         when l.disbursed_on + n * 30 < current_date then 'overdue' else 'pending' end as state
     from loans l cross join generate_series(1, 3) n where l.disbursed_on is not null) b`,
  );
  await database.query('analyze');
}

try {
  const seeded = performance.now();
  await seed();
  const seedSeconds = (performance.now() - seeded) / 1000;
  // The staff helpers' flow (the CLI's first administrator, password, authenticator app), on the wall clock: the
  // bench uses the session straight after, so no second code is ever asked for.
  const clock = { now: () => new Date(), advance: () => {} } as unknown as TestApp['clock'];
  const admin = await verifiedAdministrator({ app: bench.app, database, clock } as TestApp);
  bench.raw.get('/api/bench/raw', async () => {
    const [row] = await database.db.select().from(users).where(eq(users.id, 'u1')).limit(1);
    return { code: 200, msg: 'OK', data: { id: row?.id ?? null } };
  });
  const urls = await bench.listen();
  process.stdout.write(`${JSON.stringify({ ...urls, token: admin.token, loans: count, seedSeconds })}\n`);
} catch (error) {
  await bench.fail(error);
}
