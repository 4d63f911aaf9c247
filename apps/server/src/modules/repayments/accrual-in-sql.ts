import { sql, type SQL } from 'drizzle-orm';
import type { LoanState } from '@kaskita/domain/lifecycle/loan-state';
import type { BusinessDate } from '@kaskita/domain/pricing/business-date';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';

/** A loan the statement moved from one state to another (its borrower's bill status follows). */
export interface MovedLoan {
  userId: string;
  state: LoanState;
  was: LoanState;
}

export interface SqlAccrualBatch {
  /** Loans brought to the date. */
  loans: number;
  moved: MovedLoan[];
  /**
   * Loans the batch took and left as they were for the engine's pass: a bill falls due within their step while another
   * is already late (a night missed), so their late fees are the engine's in steps (accrual.ts, `lateFeeSteps`).
   */
  left: string[];
}

/** `floor(a / b)` exactly, for b > 0 (the engine's roundDown): numeric `div` truncates toward zero. */
const floorDiv = (a: SQL, b: SQL) => sql`(div(${a}, ${b}) - case when mod(${a}, ${b}) < 0 then 1 else 0 end)`;

/**
 * The engine's `accrueTo(loan, date)` (packages/domain/src/lifecycle/accrual.ts) for up to `limit` loans, in one
 * statement: loan rows, changed bills, ledger entries and lines. It reads and writes columns only: what a night moves
 * is kept in `loan_bills` and the loan's row, not in its JSON account (stored-loan-account.ts), so a batch rewrites
 * narrow rows (230 ms a batch of 1,000 loans against 455 when it rebuilt each account's JSON, 2026-11-30). The engine stays the one source of the rules: this is
 * its one-step path (`accrueStep`) written in SQL, and test/repayments/accrual-in-sql.test.ts runs both on random books
 * and compares every account, bill, next accrual day and ledger line.
 *
 * It takes only the loans whose one step is that path: repaying, brought to `date` or earlier, and holding no credit
 * (held credit pays each bill on its due date, day by day: the engine does those, DailyAccrualService's second pass),
 * and with their next accrual day stored (the engine pass reads an account saved without it by an older version). A loan
 * whose late bills start gathering fees on different days of its step (a bill fell due while another was late, and a
 * night was missed) is locked and left as it was, named in the answer: the engine accrues it in steps.
 * Measured against the engine in Node (read, decode, accrue, encode, write back): bench/accrual-bench.ts.
 *
 * Per bill, as `accrueStep` does it:
 * - income earned by days of use (`earnedOn`), never beyond what the bill owes, added to what was recognised;
 * - a bill unpaid past its due date: late fees for the days since `lateFeeThrough` (none while disputed) at its share
 *   of the loan's daily fee (`dailyLateFees`: the rate on the late bills' base rounded down once for the loan, shared
 *   in whole rupiah), capped in bill order by what room the loan's ceiling leaves; the run recorded (merged into the
 *   last when it carries on uncapped at the same rate), the bill overdue;
 * and per loan: overdue when a bill is, `asOf` the date, the next accrual day (`nextAccrualDate`), and the three
 * accrual entries of the night.
 */
export async function accrueInSql(
  tx: Tx,
  date: BusinessDate,
  limit: number,
  now: Date,
  /** Loans an earlier batch of the night left for the engine: not taken again. */
  passOver: readonly string[] = [],
): Promise<SqlAccrualBatch> {
  // The planner's estimate for the statement crosses PostgreSQL's JIT threshold, and compiling it took ~2 s a batch,
  // more than running it (measured on 5,000 loans: 4.0 s with, 1.9 without). The sorts and aggregates of a batch of 5,000 needed ~15 MB and spilled to disk above the default 4 MB;
  // batches are of 1,000 now (DailyAccrualService), and 64 MB leaves room for larger ones.
  // Every join here is a batch's rows to a table's index, but the planner's row estimates for the CTEs are far off,
  // and it hash-joined the bills by reading all of loan_bills in every batch: a cost that grows with the book on each
  // of its batches (300,000 bills read a batch at 100,000 loans, 3,000,000 at a million). Index lookups only, then;
  // the statement joins no two CTEs, where that would be a nested loop.
  // All four for this transaction only, in one round trip.
  await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true),
    set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true)`);
  const rows = rowsOf<{ user_id: string; state: LoanState; was: LoanState; left_id: string | null }>(
    await tx.execute(accrualStatement(date, limit, now, passOver)),
  );
  const saved = rows.filter((r) => r.left_id === null);
  return {
    loans: saved.length,
    moved: saved
      .filter((r) => r.state !== r.was)
      .map((r) => ({ userId: r.user_id, state: r.state, was: r.was })),
    left: rows.flatMap((r) => (r.left_id === null ? [] : [r.left_id])),
  };
}

/**
 * UUID version 7 ids (RFC 9562: the time in milliseconds, then random bits) for a statement's ledger entries: `entries`
 * numbers its rows, and each id is the statement's prefix and that number. Random ids (version 4) put each new entry,
 * and its two lines, on a random leaf of the ledger's primary keys, and at a million loans those indexes outgrow the
 * database's cache: every row dirtied a page of its own; time-ordered ids append. One random draw a statement, not
 * one an entry: gen_random_uuid() and the time's formatting per row took 25 ms of a batch's 3,000 entries, 7 ms this
 * way. The prefix: the time, the version, and 50 random bits of one version 4 id (its variant bits kept); then the
 * entry's number within the statement in the RFC's 24-bit counter field (a batch writes at most 3 entries a loan,
 * far below 2^24), so two batches in the same millisecond share an id only if 50 random bits agree. PostgreSQL 15 has
 * no uuidv7() (18 does).
 */
const idPrefix = sql`(select regexp_replace(lpad(to_hex(floor(extract(epoch from clock_timestamp()) * 1000)::bigint),
  12, '0'), '^(.{8})(.{4})', '\\1-\\2-7') || substr(gen_random_uuid()::text, 16, 15))`;

/** The statement of {@link accrueInSql}; it answers each loan's borrower, state, and state before. */
function accrualStatement(date: BusinessDate, limit: number, now: Date, passOver: readonly string[]): SQL {
  const day = sql`${date}::date`;
  const dayText = sql`${date}::text`;
  return sql`
    with due as (
      -- In the order of loans_next_accrual, so each batch reads its own loans from the index, not every loan still
      -- due sorted again (a batch's loans leave the range as their next day moves past the date).
      select id
      from loans
      where state in ('active', 'overdue')
        and next_accrual_on <= ${day}
        and account is not null
        and held_credit = 0
        and accrued_through <= ${day}
        and id not in (select jsonb_array_elements_text(${JSON.stringify(passOver)}::jsonb))
      order by next_accrual_on
      limit ${limit}
      for update skip locked
    ),
    bill as (
      -- Columns only: the loan's late-fee terms and each bill's figures, none of the account's JSON.
      select lb.loan_id, lb.number, lb.state, lb.days, lb.due_date,
        lb.late_fee_through as late_through,
        lb.late_fee_runs as runs,
        lb.late_fee_runs->-1 as last_run,
        lb.interest as due_interest,
        lb.fee as due_fee,
        lb.late_fee,
        lb.recognized_interest,
        lb.recognized_fee,
        lb.contract_interest,
        lb.contract_fee,
        coalesce(lb.returned_interest, 0) as returned_interest,
        coalesce(lb.returned_fee, 0) as returned_fee,
        lb.unpaid_principal,
        lb.unpaid_interest,
        lb.unpaid_fee,
        -- days of use (daysOfUse): from the period's start, at most its days, at least one in the first period
        least(greatest(${day} - lb.period_start, 0), lb.days) as elapsed,
        l.late_fee_base,
        l.daily_late_fee_num as rate_num,
        l.daily_late_fee_den as rate_den,
        l.late_fee_ceiling as ceiling,
        l.disputed_since is not null as disputed,
        l.accrued_through,
        l.state as loan_state
      from due
      join loans l on l.id = due.id
      join loan_bills lb on lb.loan_id = l.id
    ),
    priced as (
      select b.*,
        b.state <> 'written-off' as live,
        b.state not in ('paid', 'written-off') and b.due_date < ${day} as late,
        case when b.number = 1 and b.days > 0 then greatest(b.elapsed, 1) else b.elapsed end as used,
        b.ceiling - sum(b.late_fee) over (partition by b.loan_id) as room
      from bill b
    ),
    charged as (
      select p.*,
        case when p.live then greatest(least(${floorDiv(sql`p.contract_interest * p.used`, sql`greatest(p.days, 1)`)}
          + p.returned_interest, p.due_interest) - p.recognized_interest, 0) else 0 end as add_interest,
        case when p.live then greatest(least(${floorDiv(sql`p.contract_fee * p.used`, sql`greatest(p.days, 1)`)}
          + p.returned_fee, p.due_fee) - p.recognized_fee, 0) else 0 end as add_fee,
        (case when p.late_fee_base = 'overdue-principal' then p.unpaid_principal
          else p.unpaid_principal + p.unpaid_interest + p.unpaid_fee end) * p.rate_num as scaled,
        p.late and not p.disputed and p.late_through < ${day} as gathering,
        case when p.late and not p.disputed then greatest(${day} - p.late_through, 0) else 0 end as late_days
      from priced p
    ),
    shares as (
      -- dailyLateFees: each gathering bill's share rounded down, and what the loan's one rounding leaves over a rupiah
      -- each to the bills whose shares lost most to rounding (the earlier bill on a tie)
      select c.*,
        ${floorDiv(sql`c.scaled`, sql`c.rate_den`)} as share,
        c.scaled - ${floorDiv(sql`c.scaled`, sql`c.rate_den`)} * c.rate_den as rest
      from charged c
    ),
    shared as (
      select s.*,
        ${floorDiv(sql`sum(s.scaled) filter (where s.gathering) over loan`, sql`s.rate_den`)}
          - coalesce(sum(s.share) filter (where s.gathering) over loan, 0) as left_over,
        row_number() over (loan order by s.gathering desc, s.rest desc, s.number) as by_rest,
        -- lateFeeSteps: bills starting to gather on different days after the last processed one are the engine's
        max(s.late_through) filter (where s.gathering) over loan
          > greatest(min(s.late_through) filter (where s.gathering) over loan, s.accrued_through) as split
      from shares s
      window loan as (partition by s.loan_id)
    ),
    dailies as (
      select s.*,
        case when s.gathering then s.share + case when s.by_rest <= s.left_over then 1 else 0 end else 0 end as daily
      from shared s
    ),
    capped as (
      -- The ceiling's room is spent in bill order: a bill takes what the bills before it left.
      select c.*,
        greatest(0, least(c.daily * c.late_days, c.room - coalesce(sum(c.daily * c.late_days) over (
          partition by c.loan_id order by c.number rows between unbounded preceding and 1 preceding), 0))) as taken
      from dailies c
    ),
    rebuilt as (
      select c.*,
        case when c.late then 'overdue' else c.state end as new_state,
        case when not c.late or c.taken = 0 then c.runs
          -- withRun: carried on at the same daily fee, neither capped, right after the last run: merged into it
          when c.last_run is not null
            and (c.last_run->>'through')::date = c.late_through
            and (c.last_run->>'daily')::numeric = c.daily
            and (c.last_run->>'amount')::numeric = (c.last_run->>'daily')::numeric
              * ((c.last_run->>'through')::date - (c.last_run->>'from')::date)
            and c.taken = c.daily * (${day} - c.late_through)
          then jsonb_set(c.runs, '{-1}', c.last_run || jsonb_build_object(
            'through', ${dayText},
            'amount', (c.last_run->>'amount')::numeric + c.taken))
          else coalesce(c.runs, '[]'::jsonb) || jsonb_build_array(jsonb_build_object(
            'from', c.late_through::text, 'through', ${dayText}, 'daily', c.daily, 'amount', c.taken))
        end as new_runs
      from capped c
    ),
    accrued as (
      select r.loan_id,
        sum(r.add_interest) as interest,
        sum(r.add_fee) as fee,
        sum(r.taken) as late,
        bool_or(r.new_state = 'overdue') as any_overdue,
        min(r.loan_state) as was,
        -- nextAccrualDate: the first of next month, the day after an unpaid bill's due date still to come, and the
        -- next day while late fees still accrue on a bill past due
        least(
          (date_trunc('month', ${day}) + interval '1 month')::date,
          min(r.due_date + 1) filter (where r.new_state not in ('paid', 'written-off') and r.due_date >= ${day}),
          case when bool_or(r.new_state not in ('paid', 'written-off') and r.due_date < ${day})
            and not bool_or(r.disputed) and sum(r.late_fee + r.taken) < min(r.ceiling)
          then ${day} + 1 end
        ) as next_on
      from rebuilt r
      group by r.loan_id
      having not bool_or(coalesce(r.split, false))
    ),
    saved as (
      -- The loan's state after the night (accrueDay): overdue once an active loan has a bill overdue, else as it was.
      update loans l set
        state = case when a.was = 'active' and a.any_overdue then 'overdue' else a.was end,
        accrued_through = ${day},
        next_accrual_on = a.next_on,
        updated_at = ${now}
      from accrued a
      where l.id = a.loan_id
      returning l.user_id, l.state, a.was
    ),
    bills_saved as (
      update loan_bills lb set
        late_fee = r.late_fee + r.taken,
        state = r.new_state,
        recognized_interest = r.recognized_interest + r.add_interest,
        recognized_fee = r.recognized_fee + r.add_fee,
        late_fee_through = case when r.late then ${day} else r.late_through end,
        late_fee_runs = r.new_runs,
        updated_at = ${now}
      from rebuilt r
      where lb.loan_id = r.loan_id and lb.number = r.number and not coalesce(r.split, false)
        and (r.late or r.add_interest > 0 or r.add_fee > 0)
    ),
    entry_id as (select ${idPrefix} as prefix),
    entries as (
      select i.prefix || lpad(to_hex(row_number() over ()), 6, '0') as id,
        a.loan_id, m.movement, m.debit, m.credit, m.amount
      from accrued a
      cross join entry_id i
      cross join lateral (values
        ('interest-accrual', 'unearned-interest', 'interest-income', a.interest),
        ('fee-accrual', 'unearned-fee', 'fee-income', a.fee),
        ('late-fee', 'late-fee-receivable', 'late-fee-income', a.late)
      ) as m(movement, debit, credit, amount)
      where m.amount > 0
    ),
    entries_saved as (
      insert into ledger_entries (id, loan_id, business_date, movement, source, memo, command_id, created_at)
      select e.id, e.loan_id, ${day}, e.movement, 'accrual:' || ${dayText}, null, null, ${now} from entries e
    ),
    lines_saved as (
      insert into ledger_lines (entry_id, line, loan_id, account, side, amount)
      select e.id, 1, e.loan_id, e.debit, 'debit', e.amount from entries e
      union all
      select e.id, 2, e.loan_id, e.credit, 'credit', e.amount from entries e
    )
    select user_id, state, was, null as left_id from saved
    union all
    select distinct null, null, null, r.loan_id from rebuilt r where r.split`;
}
