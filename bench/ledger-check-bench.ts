// Ledger check benchmark (`npm run ledger:check`, run after every browser journey and in tests' afterAll): a book of
// engine-made loans written as the server writes them (the disbursement, the nightly accrual on each day it has
// something to book, payments, a waiver and a write-off as commands with their audit rows, the sandbox providers'
// records), then the check on 300 and 3,000 loans (PGlite) and also 10,000 (PostgreSQL). Baseline in the same database:
// the check as it was before issue 21 (receivables per loan against the account's outstanding balance only). Every
// book must pass: the bench is also the check's run on many engine-made histories.
import { nextAccrualDate, accrueTo } from '@kaskita/domain/lifecycle/accrual';
import { allocatePayment, paidFromPayment } from '@kaskita/domain/lifecycle/allocation';
import { RECEIVABLE_ACCOUNTS, type JournalEntry } from '@kaskita/domain/lifecycle/ledger';
import {
  disburseLoan,
  isRepaying,
  openLoan,
  outstandingOf,
  remainingOf,
  totalOf,
  type Components,
  type Loan,
} from '@kaskita/domain/lifecycle/loan-account';
import { settleLoan, settlementQuote } from '@kaskita/domain/lifecycle/settlement';
import { waiveLateFees, writeOffLoan } from '@kaskita/domain/lifecycle/write-off';
import { addRupiah, rupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { addDays, type BusinessDate } from '@kaskita/domain/pricing/business-date';
import { cashLoanProduct } from '@kaskita/domain/pricing/default-products';
import { plan } from '@kaskita/domain/pricing/plan';
import { auditLog } from '../apps/server/src/commands/audit-schema.ts';
import { checkLedger, formatProblem } from '../apps/server/src/cli/ledger-check-command.ts';
import { openDatabase, type Database, type Tx } from '../apps/server/src/db/client.ts';
import { LedgerRepository } from '../apps/server/src/modules/ledger/ledger-repository.ts';
import { LedgerService } from '../apps/server/src/modules/ledger/ledger-service.ts';
import { disbursements, loanBills, loans } from '../apps/server/src/modules/loans/loan-orders-schema.ts';
import { billRowOf } from '../apps/server/src/modules/loans/loan-orders-repository.ts';
import {
  accountColumns,
  decodeLoanAccount,
  storedAccountSql,
} from '../apps/server/src/modules/loans/stored-loan-account.ts';
import { payments } from '../apps/server/src/modules/repayments/repayments-schema.ts';
import { sandboxDisbursements } from '../apps/server/src/providers/disbursement/sandbox-disbursement-schema.ts';
import { sandboxPayments } from '../apps/server/src/providers/payment-gateway/sandbox-payment-gateway-schema.ts';
import { onEachDatabase } from './bench-databases.ts';

const AS_OF = '2026-06-30';
/** Loans are disbursed over this many days before AS_OF. */
const SPREAD = 120;
const VARIANTS = 6;

/** What the server writes for one cause: its ledger entries, and the payment or command behind them. */
interface Event {
  kind: 'disbursement' | 'accrual' | 'payment' | 'command';
  date: BusinessDate;
  entries: readonly JournalEntry[];
  payment?: {
    amount: Rupiah;
    creditAdded: Rupiah;
    paid: Components;
  };
  command?: string;
}

/** Noon in Jakarta on a business date. */
const noon = (date: BusinessDate) => new Date(`${date}T05:00:00Z`);

/**
 * One loan's history, as the server would have booked it: variant 0 pays each bill on its due date, 1 overpays its
 * first bill (credit held) and stops, 2 never pays and has late fees waived, 3 settles after 20 days, 4 never pays and
 * is written off 90 days late, 5 pays its first bill 10 days late.
 */
function history(variant: number, start: BusinessDate): { loan: Loan; events: Event[] } {
  let loan = disburseLoan(
    openLoan('bench', plan(cashLoanProduct, rupiah(2_000_000), { unit: 'month', length: 3 }, start)),
    start,
  );
  const events: Event[] = [{ kind: 'disbursement', date: start, entries: loan.journal }];
  const fresh = () => (loan = { ...loan, journal: [] });
  fresh();
  const due = loan.instalments.map((i) => i.dueDate);
  for (let date = addDays(start, 1); date <= AS_OF; date = addDays(date, 1)) {
    const next = nextAccrualDate(loan);
    if (next !== null && next <= date) {
      loan = accrueTo(loan, date);
      if (loan.journal.length > 0) events.push({ kind: 'accrual', date, entries: loan.journal });
      fresh();
    }
    if (!isRepaying(loan)) continue;
    const pay = (amount: Rupiah) => {
      const result = allocatePayment(loan, { amount, date });
      const paid = paidFromPayment(result.lines);
      loan = result.loan;
      events.push({
        kind: 'payment',
        date,
        entries: loan.journal,
        payment: { amount, creditAdded: result.creditAdded, paid },
      });
      fresh();
    };
    const owedOn = (n: number) => totalOf(remainingOf(accrueTo(loan, date).instalments[n]!));
    if (variant === 0 && due.includes(date)) pay(owedOn(due.indexOf(date)));
    if (variant === 1 && date === addDays(start, 5)) pay(addRupiah(owedOn(0), rupiah(100_000)));
    if (variant === 5 && date === addDays(due[0]!, 10)) pay(owedOn(0));
    if (variant === 3 && date === addDays(start, 20)) {
      const amount = settlementQuote(loan, date).amountDue;
      const result = settleLoan(loan, date, amount);
      loan = result.loan;
      const paid = paidFromPayment(result.lines);
      events.push({
        kind: 'payment',
        date,
        entries: loan.journal,
        payment: { amount, creditAdded: result.creditAdded, paid },
      });
      fresh();
    }
    if (variant === 2 && date === addDays(due[0]!, 20)) {
      loan = waiveLateFees(loan, date, rupiah(5_000));
      events.push({ kind: 'command', date, entries: loan.journal, command: 'loan.waive_late_fees' });
      fresh();
    }
    if (variant === 4 && date === addDays(due[0]!, 90)) {
      loan = writeOffLoan(loan, date);
      events.push({ kind: 'command', date, entries: loan.journal, command: 'loan.write_off' });
      fresh();
    }
  }
  return { loan, events };
}

/** Loans `from`..`to` (1-based), each with its user, card, disbursement, payments and provider records. */
async function seed(
  database: Database,
  from: number,
  to: number,
  cohorts: Map<string, ReturnType<typeof history>>,
) {
  const now = noon(AS_OF);
  await database.query(
    // The phone is never read here: placeholders where the app keeps it sealed (users.phone_enc, phone_hash).
    `insert into users (id, phone_enc, phone_hash, created_at, updated_at) select 'u' || g, 'bench', 'bench-' || g, $1, $1
     from generate_series(${from}, ${to}) g`,
    [now.toISOString()],
  );
  await database.query(
    `insert into bank_accounts (id, user_id, bank_code, account_number_enc, account_number_hash, holder_name_enc,
       last_digits, verified_at, is_default, created_at)
     select 'b' || g, 'u' || g, 'BCA', 'x', 'h' || g, 'BENCH', '0000', $1, true, $1 from generate_series(${from}, ${to}) g`,
    [now.toISOString()],
  );
  const ledger = new LedgerRepository();
  const CHUNK = 250;
  for (let first = from; first <= to; first += CHUNK) {
    await database.db.transaction(async (tx: Tx) => {
      const loanRows: Array<typeof loans.$inferInsert> = [];
      const billRows: Array<typeof loanBills.$inferInsert> = [];
      const disbursementRows: Array<typeof disbursements.$inferInsert> = [];
      const bankRows: Array<typeof sandboxDisbursements.$inferInsert> = [];
      const paymentRows: Array<typeof payments.$inferInsert> = [];
      const gatewayRows: Array<typeof sandboxPayments.$inferInsert> = [];
      const auditRows: Array<typeof auditLog.$inferInsert> = [];
      const batches: Array<{
        loanId: string;
        source: string;
        entries: readonly JournalEntry[];
        commandId?: string;
      }> = [];
      for (let g = first; g <= Math.min(first + CHUNK - 1, to); g++) {
        const variant = g % VARIANTS;
        // 7 is prime to SPREAD: any run of SPREAD loans starts on every day, each variant on days across the spread.
        const start = addDays(AS_OF, -((g * 7) % SPREAD) - 1);
        const key = `${variant} ${start}`;
        const made = cohorts.get(key) ?? history(variant, start);
        cohorts.set(key, made);
        const { loan, events } = made;
        const id = `l${g}`;
        const p = loan.plan;
        loanRows.push({
          id,
          userId: `u${g}`,
          idempotencyKey: `k${g}`,
          state: loan.state,
          productId: cashLoanProduct.id,
          product: cashLoanProduct,
          amount: loan.principal,
          amountReceived: p.disbursement.received,
          period: 'month-3-3',
          purposeId: 101,
          plan: p,
          ...accountColumns(loan),
          bankAccountId: `b${g}`,
          agreementVersion: 'v',
          agreementSha256: 's',
          acceptedAt: noon(start),
          acceptedIp: '127.0.0.1',
          locale: 'id-ID',
          disbursedOn: start,
          createdAt: noon(start),
          updatedAt: now,
        });
        for (const i of loan.instalments) billRows.push(billRowOf(id, i, now));
        events.forEach((e, k) => {
          const ref = `${g}-${k}`;
          const at = noon(e.date);
          const audit = (command: string) => {
            auditRows.push({
              id: `a${ref}`,
              command,
              actorKind: 'job',
              actorId: 'bench',
              subjectType: 'loan',
              subjectId: id,
              outcome: 'applied',
              input: {},
              createdAt: at,
            });
            return `a${ref}`;
          };
          if (e.kind === 'disbursement') {
            disbursementRows.push({
              id: `d${g}`,
              loanId: id,
              bankAccountId: `b${g}`,
              amount: p.disbursement.received,
              provider: 'sandbox',
              providerReference: `sbx-${g}`,
              status: 'completed',
              createdAt: at,
              updatedAt: at,
            });
            bankRows.push({
              reference: `sbx-${g}`,
              externalId: `d${g}`,
              amount: p.disbursement.received,
              bankCode: 'BCA',
              accountLastDigits: '0000',
              status: 'COMPLETED',
              callbackAt: at,
              createdAt: at,
              updatedAt: at,
            });
            batches.push({
              loanId: id,
              source: `disbursement:d${g}`,
              entries: e.entries,
              commandId: audit('disbursement.complete'),
            });
          } else if (e.kind === 'payment') {
            paymentRows.push({
              id: `p${ref}`,
              provider: 'sandbox',
              providerPaymentId: `sbx-pay-${ref}`,
              loanId: id,
              userId: `u${g}`,
              channelId: 'VA_BCA',
              amount: e.payment!.amount,
              paidAt: at,
              status: 'applied',
              paid: e.payment!.paid,
              creditAdded: e.payment!.creditAdded,
              createdAt: at,
            });
            gatewayRows.push({
              paymentId: `sbx-pay-${ref}`,
              reference: 'bench',
              amount: e.payment!.amount,
              paidAt: at,
              callbackBody: '{}',
              callbackAt: at,
              createdAt: at,
            });
            batches.push({
              loanId: id,
              source: `payment:p${ref}`,
              entries: e.entries,
              commandId: audit('payment.apply'),
            });
          } else if (e.kind === 'command') {
            const commandId = audit(e.command!);
            batches.push({ loanId: id, source: `command:${commandId}`, entries: e.entries, commandId });
          } else batches.push({ loanId: id, source: `accrual:${e.date}`, entries: e.entries });
        });
      }
      await tx.insert(loans).values(loanRows);
      await tx.insert(loanBills).values(billRows);
      await tx.insert(disbursements).values(disbursementRows);
      await tx.insert(sandboxDisbursements).values(bankRows);
      if (paymentRows.length > 0) {
        await tx.insert(payments).values(paymentRows);
        await tx.insert(sandboxPayments).values(gatewayRows);
      }
      await tx.insert(auditLog).values(auditRows);
      // Every entry stamped at AS_OF's noon: never before its business date, as the server writes them.
      await ledger.appendMany(tx, batches, now);
    });
  }
  await database.query('analyze');
}

/** The check before issue 21: each loan's receivables in the ledger against its account's outstanding balance. */
async function oldCheck(database: Database): Promise<number> {
  const balances = await new LedgerService().balances(database.db);
  const receivables = new Map<string, number>();
  for (const b of balances)
    if ((RECEIVABLE_ACCOUNTS as readonly string[]).includes(b.account))
      receivables.set(b.loanId, (receivables.get(b.loanId) ?? 0) + b.balance);
  const rows = await database.db.select({ id: loans.id, account: storedAccountSql }).from(loans);
  let mismatched = 0;
  for (const row of rows)
    if (
      outstandingOf({ ...decodeLoanAccount(row.account), journal: [] } as Loan) !==
      (receivables.get(row.id) ?? 0)
    )
      mismatched++;
  return mismatched;
}

async function timed<T>(body: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await body();
  return { value, ms: performance.now() - started };
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const pg = Boolean(env.BENCH_DATABASE_URL);
  const sizes = pg ? [300, 3_000, 10_000] : [300, 3_000];
  const database = await openDatabase(
    pg
      ? { kind: 'postgres', url: env.BENCH_DATABASE_URL!, poolSize: 2 }
      : { kind: 'pglite', dataDir: env.BENCH_DATA_DIR! },
  );
  const cohorts = new Map<string, ReturnType<typeof history>>();
  try {
    await database.migrate();
    console.log(label);
    let seeded = 0;
    for (const size of sizes) {
      const seeding = await timed(() => seed(database, seeded + 1, size, cohorts));
      seeded = size;
      const base = await timed(() => oldCheck(database));
      if (base.value !== 0) throw new Error(`the old check found ${base.value} problems on the bench book`);
      const check = await timed(() => checkLedger(database.db));
      if (check.value.problems.length > 0)
        throw new Error(
          `the bench book does not pass:\n${check.value.problems.slice(0, 20).map(formatProblem).join('\n')}`,
        );
      console.log(
        `  ${size.toLocaleString('en').padStart(6)} loans, ${check.value.entriesChecked.toLocaleString('en')} entries ` +
          `(seeded in ${(seeding.ms / 1000).toFixed(1)} s): check ${check.ms.toFixed(0)} ms, ` +
          `old check ${base.ms.toFixed(0)} ms (ratio ${(check.ms / base.ms).toFixed(1)}x), ` +
          `${((check.ms * 1000) / size).toFixed(0)} µs per loan`,
      );
    }
  } finally {
    await database.close();
  }
}

export async function run(): Promise<void> {
  await onEachDatabase(benchOn);
}
