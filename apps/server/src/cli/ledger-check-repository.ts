import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { ledgerEntries, ledgerLines } from '../modules/ledger/ledger-schema.ts';
import { disbursements, loanBills, loans } from '../modules/loans/loan-orders-schema.ts';
import { storedAccountSql } from '../modules/loans/stored-loan-account.ts';
import { paymentCodes, payments } from '../modules/repayments/repayments-schema.ts';
import { sandboxDisbursements } from '../providers/disbursement/sandbox-disbursement-schema.ts';
import { sandboxPayments } from '../providers/payment-gateway/sandbox-payment-gateway-schema.ts';
import { refunds } from '../modules/refunds/refunds-schema.ts';
import { auditLog } from '../commands/audit-schema.ts';
import { commerceRefunds } from '../modules/commerce/commerce-schema.ts';
import type { StoredBill } from './ledger-check-rules.ts';

/**
 * The ledger check's reads, across the tables that hold money (ledger, loans and bills, payments, disbursements, the
 * sandbox providers' own books). Read-only. Rules over single rows run here as SQL that returns only the rows breaking
 * them, so a large book costs a few scans and the report stays small; the per-loan recomputation reads each account.
 */

/** A row breaking a rule the database found: the loan, the record (entry, payment ...), and what was expected. */
export interface FoundRow {
  loan_id: string | null;
  ref: string;
  expected: string;
  found: string;
}

/** A rule checked by one query over single rows. `what` names the field or link compared. */
export interface RowRule {
  rule:
    | 'entry-balance'
    | 'entry-loan'
    | 'entry-shape'
    | 'entry-source'
    | 'entry-date'
    | 'payment-return'
    | 'payment'
    | 'disbursement'
    | 'provider';
  what: string;
  query: SQL;
}

/** Kinds of `ledger_entries.source` (`<kind>:<id>`). Refunds add theirs here and a rule below. */
export const SOURCE_KINDS = ['disbursement', 'payment', 'accrual', 'command', 'refund'] as const;

/** The business date (Asia/Jakarta, UTC+7 all year) of a timestamptz, as clock.ts and businessDateAt reckon it. */
const jakartaDate = (column: SQL) => sql`((${column} at time zone 'UTC') + interval '7 hours')::date`;

/** Entries with their source split into kind and id. */
const ENTRIES = sql`select e.*, split_part(e.source, ':', 1) as kind, substr(e.source, strpos(e.source, ':') + 1) as source_id
  from ${ledgerEntries} e`;

const SIGNED = sql`case when l.side = 'debit' then l.amount else -l.amount end`;

/** The rules the database checks row by row (see LEDGER_RULES in ledger-check-command.ts for what each means). */
export function rowRules(
  allowed: ReadonlyArray<{ movement: string; account: string; side: string }>,
): RowRule[] {
  return [
    {
      rule: 'entry-balance',
      what: 'debits − credits',
      // Lines grouped by their entry in the primary key's order, then entries with no line at all (an anti-join).
      query: sql`select e.loan_id, b.entry_id as ref, '0' as expected, b.net::text as found
        from (select l.entry_id, sum(${SIGNED}) as net from ${ledgerLines} l group by l.entry_id
          having sum(${SIGNED}) <> 0) b
          join ${ledgerEntries} e on e.id = b.entry_id
        union all
        select e.loan_id, e.id as ref, '0' as expected, 'no lines' as found
        from ${ledgerEntries} e
        where not exists (select 1 from ${ledgerLines} l where l.entry_id = e.id)`,
    },
    {
      rule: 'entry-loan',
      what: "line's loan",
      query: sql`select e.loan_id, l.entry_id || '#' || l.line as ref, e.loan_id as expected, l.loan_id as found
        from ${ledgerLines} l join ${ledgerEntries} e on e.id = l.entry_id
        where l.loan_id <> e.loan_id`,
    },
    {
      rule: 'entry-shape',
      what: 'movement line',
      query: sql`with allowed as materialized (
          select * from jsonb_to_recordset(${JSON.stringify(allowed)}::jsonb) as a(movement text, account text, side text))
        select e.loan_id, l.entry_id || '#' || l.line as ref,
          'an account and side ' || e.movement || ' books, amount > 0' as expected,
          l.side || ' ' || l.account || ' ' || l.amount as found
        from ${ledgerLines} l join ${ledgerEntries} e on e.id = l.entry_id
          left join allowed a on a.movement = e.movement and a.account = l.account and a.side = l.side
        where a.movement is null or l.amount <= 0`,
    },
    {
      rule: 'entry-source',
      what: 'source kind',
      query: sql`select e.loan_id, e.id as ref, ${SOURCE_KINDS.join('|')}::text as expected, e.source as found
        from (${ENTRIES}) e
        where e.kind not in (select jsonb_array_elements_text(${JSON.stringify(SOURCE_KINDS)}::jsonb))`,
    },
    {
      rule: 'entry-source',
      what: 'disbursement',
      query: sql`select e.loan_id, e.id as ref, 'a completed disbursement of this loan' as expected,
          case when d.id is null then 'no such disbursement: ' || e.source
            when d.loan_id <> e.loan_id then 'a disbursement of loan ' || d.loan_id
            else 'a disbursement ' || d.status end as found
        from (${ENTRIES}) e left join ${disbursements} d on d.id = e.source_id
        where e.kind = 'disbursement' and (d.id is null or d.loan_id <> e.loan_id or d.status <> 'completed')`,
    },
    {
      rule: 'entry-source',
      what: 'payment',
      query: sql`select e.loan_id, e.id as ref, 'an applied payment of this loan' as expected,
          case when p.id is null then 'no such payment: ' || e.source
            when p.loan_id is distinct from e.loan_id then 'a payment of loan ' || coalesce(p.loan_id, 'none')
            else 'a payment in ' || p.status end as found
        from (${ENTRIES}) e left join ${payments} p on p.id = e.source_id
        where e.kind = 'payment' and (p.id is null or p.loan_id is distinct from e.loan_id or p.status <> 'applied')`,
    },
    {
      rule: 'entry-source',
      what: 'refund',
      query: sql`select e.loan_id, e.id as ref, 'a completed refund of this loan' as expected,
          case when r.id is null then 'no such refund: ' || e.source
            when r.loan_id <> e.loan_id then 'a refund of loan ' || r.loan_id
            else 'a refund ' || r.state end as found
        from (${ENTRIES}) e left join ${refunds} r on r.id = e.source_id
        where e.kind = 'refund' and (r.id is null or r.loan_id <> e.loan_id or r.state <> 'completed')`,
    },
    {
      rule: 'entry-source',
      what: 'command',
      query: sql`select e.loan_id, e.id as ref,
          case when e.kind = 'accrual' then 'no command (the nightly accrual)'
            when e.kind = 'command' then 'command ' || e.source_id || ' on this loan'
            else 'a command on this loan' end as expected,
          case when e.command_id is null then 'no command'
            else 'command ' || e.command_id || ' on ' || coalesce(a.subject_type || ' ' || a.subject_id, 'nothing') end as found
        from (${ENTRIES}) e left join ${auditLog} a on a.id = e.command_id
        where (e.kind = 'accrual' and e.command_id is not null)
          or (e.kind = 'command' and e.command_id is distinct from e.source_id)
          or (e.command_id is not null and a.subject_type = 'loan' and a.subject_id <> e.loan_id)`,
    },
    {
      rule: 'entry-date',
      what: 'one date per source',
      query: sql`select e.loan_id, e.source as ref, min(e.business_date)::text as expected,
          string_agg(distinct e.business_date::text, ', ') as found
        from ${ledgerEntries} e
        -- A payment reported after the accrual passed its day books its own day and the days re-accrued since
        -- (lifecycle/late-payment.ts): the next rule holds each of its entries between the two.
        where e.source not like 'payment:%'
        group by e.loan_id, e.source
        having min(e.business_date) <> max(e.business_date)`,
    },
    {
      rule: 'entry-date',
      what: 'date of its source',
      query: sql`select e.loan_id, e.id as ref,
          case when e.kind = 'accrual' then e.source_id
            when e.kind = 'disbursement' then coalesce(lo.disbursed_on::text, 'the loan disbursed')
            when e.kind = 'payment' then 'from ' || least(${jakartaDate(sql`p.paid_at`)}, pc.business_date)::text || ' to ' || ${jakartaDate(sql`p.created_at`)}::text
            else ${jakartaDate(sql`a.created_at`)}::text end as expected,
          e.business_date::text as found
        from (${ENTRIES}) e
          left join ${loans} lo on lo.id = e.loan_id
          left join ${payments} p on e.kind = 'payment' and p.id = e.source_id
          left join ${paymentCodes} pc on pc.id = p.payment_code_id
          left join ${auditLog} a on e.kind = 'command' and a.id = e.command_id
        where (e.kind = 'accrual' and e.business_date::text <> e.source_id)
          or (e.kind = 'disbursement' and e.business_date is distinct from lo.disbursed_on)
          or (e.kind = 'payment' and p.id is not null
            and (e.business_date < least(${jakartaDate(sql`p.paid_at`)}, pc.business_date)
              or e.business_date > ${jakartaDate(sql`p.created_at`)}))
          or (e.kind = 'command' and a.id is not null and e.business_date <> ${jakartaDate(sql`a.created_at`)})`,
    },
    {
      rule: 'entry-date',
      what: "within the loan's days",
      query: sql`select e.loan_id, e.id as ref,
          'from ' || coalesce(lo.disbursed_on::text, '?') || ' to ' || coalesce(lo.accrued_through::text, '?')
            || ', not after ' || ${jakartaDate(sql`e.created_at`)}::text || ' (written)' as expected,
          e.business_date::text as found
        from ${ledgerEntries} e join ${loans} lo on lo.id = e.loan_id
        where e.business_date < lo.disbursed_on or e.business_date > lo.accrued_through
          or e.business_date > ${jakartaDate(sql`e.created_at`)}`,
    },
    {
      rule: 'payment',
      what: 'cash booked',
      query: sql`select p.loan_id, p.id as ref, p.amount::text as expected, coalesce(c.cash, 0)::text as found
        from ${payments} p left join (
          select e.source, sum(${SIGNED}) as cash
          from ${ledgerEntries} e join ${ledgerLines} l on l.entry_id = e.id
          where l.account = 'cash' and e.source like 'payment:%'
          group by e.source) c on c.source = 'payment:' || p.id
        where p.status = 'applied' and coalesce(c.cash, 0) <> p.amount`,
    },
    {
      rule: 'payment',
      what: 'paid + credit added',
      query: sql`select p.loan_id, p.id as ref, p.amount::text as expected,
          coalesce(((p.paid->>'principal')::bigint + (p.paid->>'interest')::bigint + (p.paid->>'fee')::bigint
            + (p.paid->>'lateFee')::bigint + p.credit_added)::text, 'nothing recorded') as found
        from ${payments} p
        where p.status = 'applied' and (p.loan_id is null or ((p.paid->>'principal')::bigint
          + (p.paid->>'interest')::bigint + (p.paid->>'fee')::bigint + (p.paid->>'lateFee')::bigint
          + p.credit_added) is distinct from p.amount)`,
    },
    {
      rule: 'payment-return',
      what: 'returned payment',
      query: sql`select p.loan_id, p.id as ref,
          case p.status when 'returned' then 'a completed refund of ' || p.amount
            when 'returning' then 'one refund under way of ' || p.amount
            else 'no refund under way or completed' end as expected,
          coalesce(string_agg(r.state || ' ' || r.amount, ', '), 'no refund') as found
        from ${payments} p left join ${refunds} r on r.payment_id = p.id and r.state <> 'cancelled'
        where p.status <> 'applied' or r.id is not null
        group by p.id, p.loan_id, p.status, p.amount
        having case p.status
          when 'returned' then count(r.id) <> 1 or bool_or(r.state <> 'completed' or r.amount <> p.amount)
          when 'returning' then count(r.id) <> 1 or bool_or(r.state = 'completed' or r.amount <> p.amount)
          else count(r.id) <> 0 end`,
    },
    {
      rule: 'disbursement',
      what: 'cash booked',
      query: sql`select d.loan_id, d.id as ref, (-d.amount)::text as expected, coalesce(c.cash, 0)::text as found
        from ${disbursements} d left join (
          select e.source, sum(${SIGNED}) as cash
          from ${ledgerEntries} e join ${ledgerLines} l on l.entry_id = e.id
          where l.account = 'cash' and e.source like 'disbursement:%'
          group by e.source) c on c.source = 'disbursement:' || d.id
        where d.status = 'completed' and coalesce(c.cash, 0) <> -d.amount`,
    },
    {
      // Only the sandbox keeps its book here; a real provider's records are at the provider (its reports).
      rule: 'provider',
      what: 'sandbox bank',
      query: sql`select d.loan_id, d.id as ref,
          'COMPLETED ' || d.amount || ' ref ' || coalesce(d.provider_reference, '?') as expected,
          coalesce(s.status || ' ' || s.amount || ' ref ' || s.reference, 'no record') as found
        from ${disbursements} d left join ${sandboxDisbursements} s on s.external_id = d.id
        where d.provider = 'sandbox' and d.status = 'completed'
          and (s.reference is null or s.amount <> d.amount or s.status = 'FAILED'
            or s.reference is distinct from d.provider_reference)
        union all
        select d.loan_id, s.external_id as ref, 'a completed disbursement of ' || s.amount as expected,
          coalesce('a disbursement ' || d.status || ' of ' || d.amount, 'no disbursement') as found
        from ${sandboxDisbursements} s left join ${disbursements} d on d.id = s.external_id
        where s.status = 'COMPLETED' and s.callback_at is not null and s.external_id not like 'refund-%'
          and (d.id is null or d.status <> 'completed')
        union all
        -- A refund's tries go to the same bank as refund-<refund id>-<try> (modules/refunds).
        select r.loan_id, s.external_id as ref, 'a completed refund of ' || s.amount as expected,
          coalesce('a refund ' || r.state || ' of ' || r.amount, 'no refund') as found
        from ${sandboxDisbursements} s left join ${refunds} r on s.external_id like 'refund-' || r.id || '-%'
        where s.status = 'COMPLETED' and s.callback_at is not null and s.external_id like 'refund-%'
          and (r.id is null or r.state <> 'completed' or r.amount <> s.amount)`,
    },
    {
      rule: 'provider',
      what: 'sandbox gateway',
      query: sql`select p.loan_id, s.payment_id as ref, s.amount::text as expected,
          coalesce(p.amount::text, 'no payment') as found
        from ${sandboxPayments} s
          left join ${payments} p on p.provider = 'sandbox' and p.provider_payment_id = s.payment_id
        -- A declined e-wallet charge is recorded with nothing taken (amount 0): no payment is owed for it.
        where s.amount > 0 and ((p.id is null and s.callback_at is not null) or p.amount <> s.amount)`,
    },
  ];
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export class LedgerCheckRepository {
  /** The rows breaking one row rule. */
  broken(db: DbOrTx, rule: RowRule): Promise<FoundRow[]> {
    return rows<FoundRow>(db, rule.query);
  }

  /** Every loan's balance per ledger account (debit-positive), as text (bigint sums). */
  balances(db: DbOrTx): Promise<Array<{ loan_id: string; account: string; balance: string }>> {
    return rows(
      db,
      sql`select l.loan_id, l.account, sum(${SIGNED})::text as balance from ${ledgerLines} l group by l.loan_id, l.account`,
    );
  }

  /** The disbursed loans: their row's columns and account (without the plan, but for its disbursement). */
  accounts(db: DbOrTx): Promise<
    Array<{
      id: string;
      state: string;
      amount: string;
      disbursed_on: string | null;
      held_credit: string;
      late_fee_base: string | null;
      daily_late_fee: string | null;
      late_fee_ceiling: string | null;
      disputed_since: string | null;
      account: unknown;
      disbursement: { received: number; deducted: number } | null;
    }>
  > {
    return rows(
      db,
      sql`select id, state, amount::text, disbursed_on::text, held_credit::text, late_fee_base,
          daily_late_fee_num || '/' || daily_late_fee_den as daily_late_fee, late_fee_ceiling::text,
          disputed_since::text, (${storedAccountSql}) - 'plan' as account,
          account #> '{plan,disbursement}' as disbursement
        from ${loans} where account is not null`,
    );
  }

  async bills(db: DbOrTx): Promise<StoredBill[]> {
    const found = await rows<Record<string, string | number | null>>(
      db,
      sql`select loan_id, number, period_start::text, due_date::text, principal::text, interest::text, fee::text,
          paid::text, days, contract_interest::text, contract_fee::text, returned_interest::text,
          returned_fee::text, unpaid_principal::text, unpaid_interest::text, unpaid_fee::text from ${loanBills}`,
    );
    return found.map((b) => ({
      loanId: String(b.loan_id),
      number: Number(b.number),
      periodStart: String(b.period_start),
      dueDate: String(b.due_date),
      principal: Number(b.principal),
      interest: Number(b.interest),
      fee: Number(b.fee),
      paid: Number(b.paid),
      days: Number(b.days),
      contractInterest: Number(b.contract_interest),
      contractFee: Number(b.contract_fee),
      returnedInterest: b.returned_interest === null ? null : Number(b.returned_interest),
      returnedFee: b.returned_fee === null ? null : Number(b.returned_fee),
      unpaidPrincipal: Number(b.unpaid_principal),
      unpaidInterest: Number(b.unpaid_interest),
      unpaidFee: Number(b.unpaid_fee),
    }));
  }

  /**
   * The cash each loan moved according to the tables that record it, not the ledger: payments applied in,
   * disbursements and refunds of borrower credit completed out.
   */
  cashFlows(db: DbOrTx): Promise<
    Array<{
      loan_id: string;
      paid_in: string;
      disbursed: string;
      disbursements: number;
      refunded: string;
      returned: string;
    }>
  > {
    return rows(
      db,
      sql`select loan_id, sum(paid_in)::text as paid_in, sum(disbursed)::text as disbursed,
          sum(disbursements)::int as disbursements, sum(refunded)::text as refunded, sum(returned)::text as returned
        from (
          select loan_id, amount as paid_in, 0::bigint as disbursed, 0 as disbursements, 0::bigint as refunded,
              0::bigint as returned
            from ${payments} where status = 'applied' and loan_id is not null
          union all
          select loan_id, 0, amount, 1, 0, 0 from ${disbursements} where status = 'completed'
          union all
          -- A returned payment's refund never touched a loan (the payment-return rule checks it).
          select loan_id, 0, 0, 0, amount, 0 from ${refunds} where state = 'completed' and loan_id is not null
          union all
          -- Money a merchant gave back for a returned purchase (commerce.refund): cash in, not the borrower's.
          select loan_id, 0, 0, 0, 0, amount from ${commerceRefunds}
        ) flows
        group by loan_id`,
    );
  }

  /**
   * Payments held: received, outside any loan's ledger until a person applies them, or being returned to their payer.
   */
  async inReview(db: DbOrTx): Promise<{ count: number; amount: number }> {
    const [row] = await rows<{ count: number; amount: string }>(
      db,
      sql`select count(*)::int as count, coalesce(sum(amount), 0)::text as amount from ${payments}
        where status in ('review', 'returning')`,
    );
    return { count: row?.count ?? 0, amount: Number(row?.amount ?? 0) };
  }

  /** How much was looked at. */
  async counts(db: DbOrTx): Promise<{ entries: number; payments: number; disbursements: number }> {
    const [row] = await rows<{ entries: number; payments: number; disbursements: number }>(
      db,
      sql`select (select count(*) from ${ledgerEntries})::int as entries,
          (select count(*) from ${payments} where status = 'applied')::int as payments,
          (select count(*) from ${disbursements} where status = 'completed')::int as disbursements`,
    );
    return row ?? { entries: 0, payments: 0, disbursements: 0 };
  }
}
