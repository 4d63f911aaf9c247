import { RECEIVABLE_ACCOUNTS, type Account } from '@kaskita/domain/lifecycle/ledger';
import { openDatabase, type Database, type DbOrTx } from '../db/client.ts';
import type { Env } from '../env.ts';
import { decodeLoanAccount } from '../modules/loans/stored-loan-account.ts';
import { LedgerCheckRepository, rowRules } from './ledger-check-repository.ts';
import {
  ACCOUNTS,
  allowedLines,
  billDifferences,
  CLOSED_STATES,
  expectedBalances,
  paidAndHeld,
  type StoredBill,
} from './ledger-check-rules.ts';

/** What the check enforces, rule by rule (the README lists the same). */
export const LEDGER_RULES = {
  'entry-balance': 'every journal entry has lines, and its debits equal its credits',
  'entry-loan': "every line belongs to its entry's loan",
  'entry-shape':
    'every line uses an account and side its movement books (as the engine does), for a positive amount',
  'entry-source':
    'every entry names what wrote it: a completed disbursement or an applied payment of the same loan, the nightly ' +
    'accrual (no command), or a command run on that loan (its audit row)',
  'entry-date':
    "every entry is dated as what wrote it (the accrual's date, the disbursement day, between the payment's time (or " +
    "the day its settlement code was quoted) and its booking, the command's day), all entries of one source on one " +
    "date (a payment reported late may date its own part back, see lifecycle/late-payment.ts), within the loan's days " +
    'and never after ' +
    'the entry was written',
  'account-balance':
    "each ledger account of each loan equals its recomputation from the loan's own account (bills' due, paid, waived, " +
    'written-off and recognised amounts; credit) and, for cash, from the payments, disbursements, refunds and ' +
    "merchants' refunds tables",
  'closed-loan': 'a paid-off or written-off loan owes nothing and holds no unearned income',
  'money-in':
    "what the loan's account says was paid on its bills plus the credit it holds equals the payments applied to it, " +
    'less refunds paid out',
  disbursement:
    'a disbursed loan has one completed disbursement, of the amount its plan received, and each completed ' +
    'disbursement books that cash',
  payment:
    "each applied payment names its loan, books its amount as cash, and its receipt's paid + credit added = amount",
  'payment-return':
    'a payment held for review has no refund under way; one being returned has exactly one refund under way, of ' +
    'its amount; a returned one exactly one completed refund of its amount (a cancelled return puts it back in ' +
    'review); such a refund books nothing on any loan',
  provider:
    "each completed disbursement and each payment agrees with the provider's record (the sandbox bank's and " +
    "gateway's books; a real provider's are at the provider), and money the provider says it moved is in our tables",
  'loan-row':
    "the loan row's amount, disbursement day, held credit and late-fee terms (which the nightly accrual reads) are its " +
    "account's",
  bill:
    "each loan_bills row is its account's instalment (dates, amounts due and paid, what is left to pay and the " +
    'terms the nightly accrual reads), no more, no fewer',
  'no-account':
    'a loan without an account (never disbursed) has no ledger lines, payments, disbursements or bills',
  book: 'over the whole book, each account equals the sum of its recomputations, and cash the tables',
} as const;

export type LedgerRule = keyof typeof LEDGER_RULES;

/** One disagreement: where (loan, or null for the book), what (a ledger account or a record's field), and the figures. */
export interface LedgerProblem {
  rule: LedgerRule;
  loanId: string | null;
  /** A ledger account (`cash`, `interest-receivable` ...) or what else was compared (`bill 2 paid`, `sandbox bank`). */
  account: string;
  expected: number | string;
  found: number | string;
  /** The record at fault, when one is: an entry, line (`<entry>#<line>`), payment, disbursement or source. */
  ref?: string;
}

export interface LedgerReport {
  problems: LedgerProblem[];
  loansChecked: number;
  entriesChecked: number;
  paymentsChecked: number;
  disbursementsChecked: number;
  /** The book's trial balance: every account's balance over all loans, debit-positive. */
  book: Record<Account, number>;
  /** Payments received but held for review or being returned, outside any loan's ledger (not a problem). */
  inReview: { count: number; amount: number };
}

/**
 * Proves the books against everything that records money besides the ledger (LEDGER_RULES): each loan's ledger
 * accounts are recomputed from its own account and the cash tables, independently of the ledger, and every entry is
 * traced to the disbursement, payment, accrual or command that wrote it. Read-only; runs inside a transaction too.
 */
export async function checkLedger(db: DbOrTx): Promise<LedgerReport> {
  const repo = new LedgerCheckRepository();
  const problems: LedgerProblem[] = [];
  // One query at a time: PGlite runs them so anyway, and a pool of two serves the CLI without waiting.
  for (const rule of rowRules(allowedLines()))
    for (const row of await repo.broken(db, rule))
      problems.push({
        rule: rule.rule,
        loanId: row.loan_id,
        account: rule.what,
        expected: row.expected,
        found: row.found,
        ref: row.ref,
      });
  const balanceRows = await repo.balances(db);
  const accountRows = await repo.accounts(db);
  const billRows = await repo.bills(db);
  const flowRows = await repo.cashFlows(db);

  const ledger = new Map<string, Map<string, number>>();
  for (const b of balanceRows) {
    const accounts = ledger.get(b.loan_id) ?? new Map<string, number>();
    accounts.set(b.account, Number(b.balance));
    ledger.set(b.loan_id, accounts);
  }
  const bills = new Map<string, StoredBill[]>();
  for (const b of billRows) bills.set(b.loanId, [...(bills.get(b.loanId) ?? []), b]);
  const flows = new Map(
    flowRows.map((f) => [
      f.loan_id,
      {
        paidIn: Number(f.paid_in),
        disbursed: Number(f.disbursed),
        disbursements: f.disbursements,
        refunded: Number(f.refunded),
        returned: Number(f.returned),
      },
    ]),
  );
  const noFlows = { paidIn: 0, disbursed: 0, disbursements: 0, refunded: 0, returned: 0 };

  const book = Object.fromEntries(ACCOUNTS.map((a) => [a, 0])) as Record<Account, number>;
  const bookExpected = { ...book };
  const add = (p: Omit<LedgerProblem, 'rule'>, rule: LedgerRule) => problems.push({ rule, ...p });

  for (const row of accountRows) {
    const loanId = row.id;
    const account = decodeLoanAccount(row.account);
    const found = ledger.get(loanId) ?? new Map<string, number>();
    ledger.delete(loanId);
    const flow = flows.get(loanId) ?? noFlows;
    flows.delete(loanId);
    const disbursement = row.disbursement ?? { received: 0, deducted: 0 };
    // A merchant's refund of a returned purchase is cash in, not the borrower's money (money-in leaves it out).
    const cash = flow.paidIn - flow.disbursed - flow.refunded + flow.returned;
    const expected = expectedBalances(account, disbursement.deducted, cash);

    for (const name of ACCOUNTS) {
      const want = expected[name];
      const have = found.get(name) ?? 0;
      bookExpected[name] += want;
      if (want !== have) add({ loanId, account: name, expected: want, found: have }, 'account-balance');
    }
    for (const name of found.keys())
      if (!(ACCOUNTS as readonly string[]).includes(name))
        add(
          { loanId, account: name, expected: 'no such account', found: found.get(name) ?? 0 },
          'account-balance',
        );

    if (CLOSED_STATES.includes(account.state))
      for (const name of [...RECEIVABLE_ACCOUNTS, 'unearned-interest', 'unearned-fee'] as const) {
        const have = found.get(name) ?? 0;
        if (have !== 0 || expected[name] !== 0)
          add(
            {
              loanId,
              account: name,
              expected: 0,
              found: have !== 0 ? have : expected[name],
              ref: account.state,
            },
            'closed-loan',
          );
      }

    const held = paidAndHeld(account);
    if (held !== flow.paidIn - flow.refunded)
      add(
        {
          loanId,
          account: 'paid on bills + credit held',
          expected: flow.paidIn - flow.refunded,
          found: held,
        },
        'money-in',
      );

    if (flow.disbursements !== 1)
      add(
        { loanId, account: 'completed disbursements', expected: 1, found: flow.disbursements },
        'disbursement',
      );
    else if (flow.disbursed !== disbursement.received)
      add(
        {
          loanId,
          account: "amount (the plan's received)",
          expected: disbursement.received,
          found: flow.disbursed,
        },
        'disbursement',
      );

    // The row's copies of its account's terms. Its state and accrual day are the account's own (stored-loan-account.ts).
    const rate = account.dailyLateFee;
    const columns: Array<[string, string | number | null, string | number | null]> = [
      ['amount', account.principal, Number(row.amount)],
      ['disbursed_on', account.startDate, row.disbursed_on],
      ['held_credit', account.credit, Number(row.held_credit)],
      ['late_fee_base', account.lateFeeBase, row.late_fee_base],
      ['daily_late_fee', `${rate.num}/${rate.den}`, row.daily_late_fee],
      ['late_fee_ceiling', account.lateFeeCeiling, Number(row.late_fee_ceiling)],
      ['disputed_since', account.disputedSince ?? null, row.disputed_since],
    ];
    for (const [column, want, have] of columns)
      if (want !== have)
        add({ loanId, account: column, expected: want ?? 'null', found: have ?? 'null' }, 'loan-row');

    const loanBills = bills.get(loanId) ?? [];
    bills.delete(loanId);
    for (const d of billDifferences(account, loanBills))
      add({ loanId, account: `bill ${d.bill} ${d.field}`, expected: d.expected, found: d.found }, 'bill');
  }

  // What is left belongs to loans without an account: they must have moved nothing and have no bills.
  for (const loanId of new Set([...ledger.keys(), ...flows.keys(), ...bills.keys()])) {
    const lines = ledger.get(loanId);
    const flow = flows.get(loanId) ?? noFlows;
    add(
      {
        loanId,
        account: 'ledger lines, payments, disbursements, bills',
        expected: 'none',
        found:
          `${lines ? `lines on ${[...lines.keys()].join(', ')}` : 'no lines'}; paid in ${flow.paidIn}; ` +
          `disbursed ${flow.disbursed}; ${bills.get(loanId)?.length ?? 0} bills`,
      },
      'no-account',
    );
  }

  for (const b of balanceRows)
    book[b.account as Account] = (book[b.account as Account] ?? 0) + Number(b.balance);
  const allFlows = flowRows.reduce(
    (sum, f) => sum + Number(f.paid_in) - Number(f.disbursed) - Number(f.refunded) + Number(f.returned),
    0,
  );
  bookExpected.cash = allFlows;
  for (const name of ACCOUNTS)
    if (book[name] !== bookExpected[name])
      add({ loanId: null, account: name, expected: bookExpected[name], found: book[name] }, 'book');

  const counts = await repo.counts(db);
  return {
    problems,
    loansChecked: accountRows.length,
    entriesChecked: counts.entries,
    paymentsChecked: counts.payments,
    disbursementsChecked: counts.disbursements,
    book,
    inReview: await repo.inReview(db),
  };
}

/** How many disagreements the report holds (0: the books agree). */
export function ledgerProblems(report: LedgerReport): number {
  return report.problems.length;
}

/** One line per problem: loan (or book), account, expected, found, the rule and the record at fault. */
export function formatProblem(p: LedgerProblem): string {
  const where = p.loanId === null ? 'book' : `loan ${p.loanId}`;
  return `${where} ${p.account}: expected ${p.expected}, found ${p.found} [${p.rule}${p.ref ? ` ${p.ref}` : ''}]`;
}

/**
 * The check's report as the lines `npm run ledger:check` prints (counts, what is held for review, each problem, the
 * verdict), with the number of problems (0: the books agree).
 */
export async function ledgerCheckLines(db: DbOrTx): Promise<{ problems: number; lines: string[] }> {
  const started = performance.now();
  const report = await checkLedger(db);
  const ms = Math.round(performance.now() - started);
  const lines = [
    `checked ${report.loansChecked} loans, ${report.entriesChecked} entries, ${report.paymentsChecked} payments, ` +
      `${report.disbursementsChecked} disbursements in ${ms} ms`,
  ];
  if (report.inReview.count > 0)
    lines.push(
      `${report.inReview.count} payment(s) of ${report.inReview.amount} held for review (outside the ledger until resolved)`,
    );
  for (const p of report.problems) lines.push(formatProblem(p));
  const problems = ledgerProblems(report);
  lines.push(
    problems === 0
      ? `ledger OK: ${Object.keys(LEDGER_RULES).length} rules hold for every loan and the book`
      : `${problems} problem(s)`,
  );
  return { problems, lines };
}

/** `npm run ledger:check` on the database the settings name. Returns the exit code (0: the books agree). */
export async function runLedgerCheck(
  env: Env,
  write: (line: string) => void,
  database?: Database,
): Promise<number> {
  const db =
    database ??
    (await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 }
        : { kind: 'pglite', dataDir: env.DATA_DIR },
    ));
  try {
    const { problems, lines } = await ledgerCheckLines(db.db);
    for (const line of lines) write(line);
    return problems === 0 ? 0 : 1;
  } finally {
    if (!database) await db.close();
  }
}
