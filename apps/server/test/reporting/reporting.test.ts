import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BookFigures, LoanBookRow, LoanDetail } from '@kaskita/domain/contract/admin-book';
import { adminBookCalls, LOAN_EXPORT_PATH } from '@kaskita/domain/contract/admin-book';
import type { AppConfig } from '@kaskita/domain/contract/config';
import { fillPath } from '@kaskita/domain/contract/endpoints';
import { auditLog } from '../../src/db/schema.ts';
import { BOOK_FIGURES } from '../../src/modules/reporting/book-figures-service.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import {
  adminCall,
  enrolTotp,
  signInStaff,
  verifiedAdministrator,
  verifiedStaff,
  type StaffLogin,
} from '../staff/staff-helpers.ts';
import { repayingBorrower } from '../repayments/repayment-helpers.ts';
import { insertApplications, insertBook, type LoanSpec } from './book-fixture.ts';

const t = useTestApp();

// The clock's business date is 2026-03-02 (Asia/Jakarta). Each loan's principal owed and days past due are chosen
// so every figure below can be worked out by hand.
const BOOK: LoanSpec[] = [
  {
    key: 'current',
    borrower: 'u1',
    name: 'Budi Santoso',
    state: 'active',
    amount: 1_000_000,
    disbursedOn: '2026-02-20',
    createdAt: '2026-02-19T03:00:00Z',
    bills: [
      { due: '2026-03-20', principal: 500_000, interest: 10_000, fee: 5_000, state: 'pending' },
      { due: '2026-04-20', principal: 500_000, interest: 10_000, fee: 5_000, state: 'pending' },
    ],
  },
  {
    key: 'paidOff',
    borrower: 'u1',
    state: 'paid-off',
    amount: 500_000,
    disbursedOn: '2026-01-05',
    createdAt: '2026-01-04T03:00:00Z',
    bills: [{ due: '2026-02-05', principal: 500_000, interest: 20_000, paid: 520_000, state: 'paid' }],
  },
  {
    // 20 days late on 2026-03-02; 30,000 paid goes to the late fee and interest first, 5,000 to principal.
    key: 'late20',
    borrower: 'u2',
    name: 'Siti Rahayu',
    state: 'overdue',
    amount: 2_000_000,
    disbursedOn: '2026-01-10',
    createdAt: '2026-01-09T03:00:00Z',
    bills: [
      {
        due: '2026-02-10',
        principal: 1_000_000,
        interest: 20_000,
        lateFee: 5_000,
        paid: 30_000,
        state: 'overdue',
      },
      { due: '2026-03-10', principal: 1_000_000, interest: 20_000, state: 'pending' },
    ],
  },
  {
    // 91 days late: the first day of 90+.
    key: 'late91',
    borrower: 'u3',
    state: 'overdue',
    amount: 3_000_000,
    disbursedOn: '2025-11-01',
    createdAt: '2025-10-31T03:00:00Z',
    bills: [
      { due: '2025-12-01', principal: 1_500_000, state: 'overdue' },
      { due: '2026-01-01', principal: 1_500_000, state: 'overdue' },
    ],
  },
  {
    // 60 days late: the last day of 31-60.
    key: 'late60',
    borrower: 'u4',
    state: 'overdue',
    amount: 1_200_000,
    disbursedOn: '2025-12-01',
    createdAt: '2025-11-30T03:00:00Z',
    bills: [
      { due: '2026-01-01', principal: 600_000, state: 'overdue' },
      { due: '2026-02-01', principal: 600_000, state: 'overdue' },
    ],
  },
  {
    key: 'late71',
    borrower: 'u8',
    state: 'overdue',
    amount: 900_000,
    disbursedOn: '2025-11-20',
    createdAt: '2025-11-19T03:00:00Z',
    bills: [{ due: '2025-12-20', principal: 900_000, state: 'overdue' }],
  },
  {
    key: 'writtenOff',
    borrower: 'u6',
    state: 'written-off',
    amount: 800_000,
    disbursedOn: '2025-06-01',
    createdAt: '2025-05-31T03:00:00Z',
    bills: [{ due: '2025-07-01', principal: 800_000, state: 'written-off' }],
  },
  {
    key: 'awaiting',
    borrower: 'u7',
    name: 'Dewi "Ayu", Lestari',
    state: 'awaiting-disbursement',
    amount: 700_000,
    disbursedOn: null,
    product: '=1+1',
    createdAt: '2026-03-01T03:00:00Z',
    bills: [],
  },
  {
    key: 'today',
    borrower: 'u9',
    state: 'active',
    amount: 400_000,
    disbursedOn: '2026-03-02',
    product: 'promo,"march"',
    createdAt: '2026-03-02T01:00:00Z',
    bills: [{ due: '2026-04-02', principal: 400_000, state: 'pending' }],
  },
];

let ids: Record<string, string> = {};
let admin: StaffLogin;
let auditor: StaffLogin;

async function landingFigures() {
  return (await call<AppConfig>(t.app, { method: 'GET', url: '/api/v1/config' })).body.data.platform_figures;
}

async function dashboard(token: string) {
  return (
    await adminCall<{ figures: BookFigures | null; holidays: { renew: boolean } }>(
      t.app,
      'GET',
      '/dashboard',
      {
        token,
      },
    )
  ).body;
}

async function book(query: Record<string, string | number>, token = admin.token) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return (
    await adminCall<{ items: LoanBookRow[]; total: number; page_size: number }>(
      t.app,
      'GET',
      `/loans?${search}`,
      { token },
    )
  ).body;
}

const keysOf = (rows: LoanBookRow[]) =>
  rows.map((r) => Object.entries(ids).find(([, id]) => id === r.id)?.[0]);

describe('the platform figures', () => {
  it('before the first computation: no figure on the landing page nor the dashboard', async () => {
    admin = await verifiedAdministrator(t);
    auditor = await verifiedStaff(t, admin.token, 'auditor');
    expect(await landingFigures()).toEqual({
      funds_disbursed: null,
      lenders: null,
      borrowers: null,
      tkb90_percent: null,
      as_of: null,
    });
    expect((await dashboard(admin.token)).data.figures).toBeNull();
    // The holiday table (2026 by decree, 2027 an estimate) runs past 60 days from the test clock: no warning.
    expect((await dashboard(admin.token)).data.holidays).toEqual({
      covered_until: '2027-12-31',
      days_left: expect.any(Number),
      renew: false,
    });
  });

  it('are counted exactly from a known book by the nightly job', async () => {
    ids = await insertBook(t.database.db, BOOK, t.clock.now());
    await insertApplications(t.database.db, [
      { state: 'auditing', submittedAt: '2026-03-01T18:00:00Z' }, // 01:00 WIB on the 2nd: today
      { state: 'approved', submittedAt: '2026-03-02T01:00:00Z', decidedAt: '2026-03-02T01:05:00Z' },
      { state: 'approved', submittedAt: '2026-02-10T01:00:00Z', decidedAt: '2026-02-10T01:05:00Z' },
      { state: 'approved', submittedAt: '2026-02-01T01:00:00Z', decidedAt: '2026-02-01T01:05:00Z' },
      { state: 'rejected', submittedAt: '2026-02-20T01:00:00Z', decidedAt: '2026-02-20T01:05:00Z' },
      // Decided 40 days ago: outside the 30 days; and 16:59 UTC on the 1st is 23:59 WIB, yesterday.
      { state: 'rejected', submittedAt: '2026-01-21T01:00:00Z', decidedAt: '2026-01-21T01:05:00Z' },
      { state: 'auditing', submittedAt: '2026-03-01T16:59:00Z' },
    ]);
    await t.app.jobs.trigger(BOOK_FIGURES);
    await t.app.jobs.whenIdle();
    const { figures } = (await dashboard(auditor.token)).data;
    expect(figures).toMatchObject({
      as_of: '2026-03-02',
      applications_today: 2,
      applications_approved_30d: 3,
      applications_rejected_30d: 1,
      approval_rate_percent: '75.00',
      // Every disbursed loan's principal: all but the one awaiting disbursement.
      funds_disbursed: 9_800_000,
      disbursed_today: 400_000,
      // 1,000,000 + 1,995,000 + 3,000,000 + 1,200,000 + 900,000 + 400,000
      outstanding_principal: 8_495_000,
      written_off_principal: 800_000,
      loans_repaying: 6,
      overdue: [
        { bucket: '1-30', loans: 1, principal: 1_995_000 },
        { bucket: '31-60', loans: 1, principal: 1_200_000 },
        { bucket: '61-90', loans: 1, principal: 900_000 },
        { bucket: '90+', loans: 1, principal: 3_000_000 },
      ],
      // 100% - (3,000,000 + 800,000) / (8,495,000 + 800,000) = 100% - 40.882...% = 59.117...%, rounded down.
      tkb90_percent: '59.11',
      borrowers: 7,
      lenders: null,
    });
    expect(figures?.disbursed_per_day).toHaveLength(30);
    expect(figures?.disbursed_per_day[0]?.date).toBe('2026-02-01');
    expect(figures?.disbursed_per_day.at(-1)).toEqual({ date: '2026-03-02', amount: 400_000, loans: 1 });
    expect(figures?.disbursed_per_day.find((d) => d.date === '2026-02-20')).toEqual({
      date: '2026-02-20',
      amount: 1_000_000,
      loans: 1,
    });
    expect(figures?.disbursed_per_day.reduce((s, d) => s + d.amount, 0)).toBe(1_400_000);
  });

  it('the landing page publishes the same computation with its date, and no lenders count', async () => {
    expect(await landingFigures()).toEqual({
      funds_disbursed: 9_800_000,
      lenders: null,
      borrowers: 7,
      tkb90_percent: '59.11',
      as_of: '2026-03-02',
    });
  });

  it('an administrator computes them now, with a reason kept in the audit row; an auditor may not', async () => {
    const refused = await adminCall(t.app, 'POST', '/dashboard/compute', {
      token: auditor.token,
      body: { reason: 'month end' },
    });
    expect(refused.body.code).toBe(4033);
    const noReason = await adminCall(t.app, 'POST', '/dashboard/compute', { token: admin.token, body: {} });
    expect(noReason.body.code).toBe(4000);
    const computed = await adminCall<{ figures: BookFigures }>(t.app, 'POST', '/dashboard/compute', {
      token: admin.token,
      body: { reason: 'month end' },
    });
    expect(computed.body.code).toBe(200);
    expect(computed.body.data.figures).toMatchObject({ as_of: '2026-03-02', tkb90_percent: '59.11' });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.command, 'reporting.compute-figures'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorKind: 'staff', actorId: admin.staffId, reason: 'month end' });
  });
});

describe('the loan book', () => {
  it('lists every loan, newest first, with the borrower masked and arrears worked out', async () => {
    const all = await book({});
    expect(all.code).toBe(200);
    expect(all.data.total).toBe(BOOK.length);
    expect(keysOf(all.data.items)).toEqual([
      'today',
      'awaiting',
      'current',
      'late20',
      'paidOff',
      'late60',
      'late71',
      'late91',
      'writtenOff',
    ]);
    const late20 = all.data.items.find((r) => r.id === ids.late20);
    expect(late20).toMatchObject({
      state: 'overdue',
      borrower_name: 'S*** R*****',
      dpd: 20,
      dpd_bucket: '1-30',
      principal_outstanding: 1_995_000,
      next_due_date: '2026-03-10',
    });
    expect(late20?.borrower_phone).toMatch(/^081\*{4}\d{4}$/);
    expect(all.data.items.find((r) => r.id === ids.current)?.borrower_name).toBe('B*** S******');
    expect(JSON.stringify(all.data)).not.toMatch(/Budi|Santoso|Siti|Rahayu|62812/);
  });

  it('filters by state, DPD bucket, product and disbursement dates', async () => {
    expect(keysOf((await book({ state: 'overdue' })).data.items)).toEqual([
      'late20',
      'late60',
      'late71',
      'late91',
    ]);
    expect(keysOf((await book({ dpd: '1-30' })).data.items)).toEqual(['late20']);
    expect(keysOf((await book({ dpd: '31-60' })).data.items)).toEqual(['late60']);
    expect(keysOf((await book({ dpd: '61-90' })).data.items)).toEqual(['late71']);
    expect(keysOf((await book({ dpd: '90+' })).data.items)).toEqual(['late91']);
    expect(keysOf((await book({ product: 'promo,"march"' })).data.items)).toEqual(['today']);
    const between = await book({
      disbursed_from: '2026-01-01',
      disbursed_to: '2026-02-28',
      sort: 'disbursed_on',
      order: 'asc',
    });
    expect(keysOf(between.data.items)).toEqual(['paidOff', 'late20', 'current']);
    expect(between.data.total).toBe(3);
    // A blank field is no filter (what an empty form sends).
    expect((await book({ state: '', dpd: '' })).data.total).toBe(BOOK.length);
  });

  it('sorts on the server and pages, at most 50 rows a page', async () => {
    const second = await book({ sort: 'amount', order: 'desc', page: 2, page_size: 2 });
    expect(keysOf(second.data.items)).toEqual(['late60', 'current']);
    expect(second.data.total).toBe(BOOK.length);
    const last = await book({ sort: 'amount', order: 'asc', page: 5, page_size: 2 });
    expect(keysOf(last.data.items)).toEqual(['late91']);
    // A page is at most 50 rows: a larger one asked for (the table offers 100) is cut, a silly one refused.
    expect((await book({ page_size: 100 })).data.page_size).toBe(50);
    expect((await book({ page_size: 101 })).code).toBe(4000);
    expect((await book({ dpd: '2-3' })).code).toBe(4000);
    expect((await book({ disbursed_from: 'yesterday' })).code).toBe(4000);
  });

  it('a loan in detail: schedule, bills, history; an unknown one is 4040', async () => {
    const detail = await adminCall<LoanDetail>(t.app, 'GET', `/loans/${ids.late20}`, {
      token: auditor.token,
    });
    expect(detail.body.code).toBe(200);
    expect(detail.body.data.loan).toMatchObject({ dpd: 20, borrower_name: 'S*** R*****' });
    expect(detail.body.data.schedule.map((s) => [s.due_date, s.total])).toEqual([
      ['2026-02-10', 1_020_000],
      ['2026-03-10', 1_020_000],
    ]);
    expect(detail.body.data.bills.map((b) => [b.number, b.paid, b.late_fee, b.state])).toEqual([
      [1, 30_000, 5_000, 'overdue'],
      [2, 0, 0, 'pending'],
    ]);
    expect(detail.body.data).toMatchObject({
      ledger: [],
      payments: [],
      refunds: [],
      history: [],
      held_credit: 0,
    });
    const unknown = await adminCall(t.app, 'GET', '/loans/no-such-loan', { token: admin.token });
    expect(unknown.body.code).toBe(4040);
  });
});

describe('the loan book as CSV', () => {
  async function csv(query: Record<string, string>, token = admin.token) {
    return t.app.inject({
      method: 'GET',
      url: `/api${LOAN_EXPORT_PATH}`,
      query,
      headers: { os: '4', authorization: token },
    });
  }

  it('exports the filtered list, masked, quoted, and safe to open in a spreadsheet', async () => {
    const res = await csv({});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="loans-2026-03-02.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe(
      'id,state,product_id,amount,amount_received,period,created_at,disbursed_on,borrower_name,borrower_phone,' +
        'dpd,dpd_bucket,principal_outstanding,next_due_date',
    );
    expect(lines).toHaveLength(1 + BOOK.length);
    // RFC 4180 quoting: a comma or a quote puts the field in quotes, and a quote is doubled.
    const today = lines.find((l) => l.startsWith(ids.today!));
    expect(today).toContain(',"promo,""march""",400000,400000,');
    // A text starting with = would run as a formula: it is written as text.
    const awaiting = lines.find((l) => l.startsWith(ids.awaiting!));
    expect(awaiting).toContain(`,'=1+1,`);
    expect(awaiting).toContain(',"D*** ""***** L******",');
    expect(res.body).not.toMatch(/Budi|Siti|Dewi|Lestari|62812/);
  });

  it('takes the list filters', async () => {
    const res = await csv({ dpd: '90+' });
    const lines = res.body.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${ids.late91},overdue,cash,3000000,`);
    expect(lines[1]).toContain(',91,90+,3000000,');
    expect((await csv({ state: 'lost' })).json().code).toBe(4000);
  });
});

describe('every dashboard and loan book call refuses', () => {
  const CALLS = [
    ...Object.values(adminBookCalls),
    { id: 'exportLoans', method: 'GET', path: LOAN_EXPORT_PATH },
  ];
  const send = (c: (typeof CALLS)[number], token?: string) =>
    t.app.inject({
      method: c.method,
      url: `/api${fillPath(c.path, { id: 'x' })}`,
      headers: { os: '4', ...(token ? { authorization: token } : {}) },
      ...(c.method === 'POST' ? { payload: { reason: 'check' } } : {}),
    });

  it('no token, a made-up token and a borrower token (4047)', async () => {
    const borrower = await signIn(t.app);
    for (const c of CALLS)
      for (const token of [undefined, 'made-up', borrower.token]) {
        const res = await send(c, token);
        expect([c.id, res.statusCode, res.json().code]).toEqual([c.id, 401, 4047]);
      }
  });

  it('a session whose second factor is not verified (4320)', async () => {
    const pending = (await signInStaff(t.app, admin.email, admin.password)).body.data.token;
    for (const c of CALLS) {
      const res = await send(c, pending);
      expect([c.id, res.statusCode, res.json().code]).toEqual([c.id, 401, 4320]);
    }
  });

  it('a member without the permission (4033): reading needs loan.read, computing figures.publish', async () => {
    expect(Object.values(adminBookCalls).map((c) => [c.id, c.staff])).toEqual([
      ['getDashboard', 'loan.read'],
      ['computeDashboard', 'figures.publish'],
      ['listLoans', 'loan.read'],
      ['getLoanDetail', 'loan.read'],
    ]);
    // Every role reads the loan book (permissions.ts); only the administrator publishes figures.
    for (const role of ['finance', 'risk_reviewer', 'collector', 'customer_support'] as const) {
      const member = await verifiedStaff(t, admin.token, role);
      const res = await send(CALLS[1]!, member.token);
      expect([role, res.json().code]).toEqual([role, 4033]);
      expect((await send(CALLS[2]!, member.token)).json().code).toBe(200);
    }
  });
});

// Last: it moves the clock a day on, past every staff session's idle time.
describe('the next day', () => {
  it('the same book counts one more day late for every unpaid bill', async () => {
    t.clock.advance(24 * 3600);
    const next = await verifiedAdministrator(t);
    const computed = await adminCall<{ figures: BookFigures }>(t.app, 'POST', '/dashboard/compute', {
      token: next.token,
      body: { reason: 'new day' },
    });
    expect(computed.body.data.figures.as_of).toBe('2026-03-03');
    // 21 days late stays in 1-30; 61 and 72 days are both 61-90 now; 92 stays 90+.
    expect(computed.body.data.figures.overdue.map((b) => b.loans)).toEqual([1, 0, 2, 1]);
    expect((await landingFigures()).as_of).toBe('2026-03-03');
  });
});

describe('a loan made through the app, in detail', () => {
  it('shows the ledger the disbursement wrote and the commands that moved the loan', async () => {
    const borrower = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const staff = await verifiedAdministrator(t);
    const detail = await adminCall<LoanDetail>(t.app, 'GET', `/loans/${borrower.loanId}`, {
      token: staff.token,
    });
    expect(detail.body.code).toBe(200);
    const { loan, schedule, bills, ledger, history } = detail.body.data;
    expect(loan).toMatchObject({
      state: 'active',
      amount: 2_000_000,
      dpd: 0,
      principal_outstanding: 2_000_000,
    });
    expect(schedule).toHaveLength(3);
    expect(bills.map((b) => b.state)).toEqual(['pending', 'pending', 'pending']);
    expect(ledger.map((e) => e.movement)).toContain('disbursement');
    for (const entry of ledger) {
      const debit = entry.lines.filter((l) => l.side === 'debit').reduce((s, l) => s + l.amount, 0);
      const credit = entry.lines.filter((l) => l.side === 'credit').reduce((s, l) => s + l.amount, 0);
      expect(debit).toBe(credit);
    }
    expect(history.at(-1)).toMatchObject({ state_after: 'active' });
  });
});

describe('a member still on a one-time password', () => {
  it('opens none of these calls (4325)', async () => {
    const admin2 = await verifiedAdministrator(t);
    const email = `book.otp.${Date.now()}@kaskita.test`;
    const created = await adminCall<{ one_time_password: string }>(t.app, 'POST', '/staff', {
      token: admin2.token,
      body: { email, name: 'New', role: 'administrator', reason: 'deputy' },
    });
    const token = (await signInStaff(t.app, email, created.body.data.one_time_password)).body.data.token;
    await enrolTotp(t, token);
    for (const path of ['/dashboard', '/loans', `/loans/${ids.late20}`, '/loans/export.csv']) {
      const res = await adminCall(t.app, 'GET', path, { token });
      expect([path, res.body.code]).toEqual([path, 4325]);
    }
    const compute = await adminCall(t.app, 'POST', '/dashboard/compute', { token, body: { reason: 'x' } });
    expect(compute.body.code).toBe(4325);
  });
});
