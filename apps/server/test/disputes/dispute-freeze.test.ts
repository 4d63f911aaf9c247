import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ComplaintDetail } from '@kaskita/domain/contract/complaints';
import { addDays } from '@kaskita/domain/pricing/business-date';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { loanDisputeHolds } from '../../src/modules/disputes/disputes-schema.ts';
import { BILL_REMINDERS } from '../../src/modules/repayments/bill-reminders-service.ts';
import { multipartForm } from '../helpers/multipart.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { bills, repayingBorrower } from '../repayments/repayment-helpers.ts';
import { adminCall, verifiedAdministrator, verifiedStaff, type StaffLogin } from '../staff/staff-helpers.ts';

/**
 * A loan under dispute (issue 27): "I did not take this loan" (a complaint naming the loan) and "my payment was not
 * credited" (a payment claim) each hold the loan; while any holds it, no late fee accrues, no reminder goes out and no
 * collector may contact the borrower;
 * the day after the last is answered, late fees run again, never for the days held.
 */
const t = useTestApp();

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(report.loansChecked).toBeGreaterThan(0);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

/** A support member signed in now: the clock moves by days in these tests, past any session's life. */
const supportMember = async (): Promise<StaffLogin> =>
  verifiedStaff(t, (await verifiedAdministrator(t)).token, 'customer_support');

/** Moves the test clock to 10:00 WIB on `date` (a contact hour). */
function clockTo(date: string) {
  const target = Date.parse(`${date}T03:00:00Z`);
  const seconds = (target - t.clock.now().getTime()) / 1000;
  expect(seconds).toBeGreaterThanOrEqual(0);
  t.clock.advance(seconds);
}

/** The first bill's late fee today, signed in again (the clock moved by days) unless `token` still is. */
async function lateFee(phone: string, token?: string): Promise<{ token: string; fee: number }> {
  const session = token ?? (await signIn(t.app, phone)).token;
  const view = (await bills(t.app, session)).body.data;
  return { token: session, fee: view.bills[0]!.late_fee };
}

function notMyLoan(token: string, fields: Record<string, string>) {
  const form = multipartForm({
    category: 'not_my_loan',
    text: 'Someone used my KTP: I never applied.',
    ...fields,
  });
  return call<ComplaintDetail>(t.app, {
    method: 'POST',
    url: '/api/v1/complaints',
    token,
    payload: form.payload,
    headers: form.headers,
  });
}

function fileClaim(token: string, amount: number, paidAt: Date) {
  const form = multipartForm({ channel_id: 'VA_BCA', amount: String(amount), paid_at: paidAt.toISOString() });
  return call<{ claim_id: string; status: string }>(t.app, {
    method: 'POST',
    url: '/api/v1/order/payment_claim',
    token,
    payload: form.payload,
    headers: form.headers,
  });
}

async function overdueNotices(phone: string): Promise<number> {
  await t.app.jobs.trigger(BILL_REMINDERS);
  await t.app.jobs.whenIdle();
  const { body } = await call<Array<{ text: string }>>(t.app, {
    method: 'GET',
    url: `/api/dev/outbox?phone=${phone}`,
  });
  return body.data.filter((m) => /terlambat/.test(m.text)).length;
}

async function closeComplaint(id: string) {
  const { token } = await supportMember();
  for (const [step, body] of [
    ['start', {}],
    ['answer', { answer: 'We checked: the loan was applied for from your phone with your selfie.' }],
    ['close', { note: 'Answered.' }],
  ] as const) {
    const res = await adminCall(t.app, 'POST', `/complaints/${id}/${step}`, { token, body });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  }
}

describe('a loan under dispute', () => {
  it('"I did not take this loan" stops late fees and notices until the case is closed, then fees run again', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const due = (await bills(t.app, b.token)).body.data.bills[0]!.due_date;
    expect(due).toBe('2026-04-02');

    clockTo(addDays(due, 5));
    const five = await lateFee(b.phone);
    expect(five.fee).toBeGreaterThan(0);
    const perDay = five.fee / 5;
    expect(Number.isInteger(perDay)).toBe(true);

    const filed = await notMyLoan(five.token, { order_id: b.loanId });
    expect(filed.body.code, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body.data.category).toBe('not_my_loan');

    // Day 7 late (a Thursday, a notice day at 10:00): no notice, and the fee of day 5 stays.
    clockTo(addDays(due, 7));
    expect(await overdueNotices(b.phone)).toBe(0);
    clockTo(addDays(due, 14));
    expect(await overdueNotices(b.phone)).toBe(0);
    const fourteen = await lateFee(b.phone);
    expect(fourteen.fee).toBe(five.fee);
    // The nightly job finds nothing to add either.
    await t.app.repayments.accrual.run(addDays(due, 14));
    expect((await lateFee(b.phone, fourteen.token)).fee).toBe(five.fee);

    // Collection leaves the borrower alone: the queue says why, and a contact is refused with nothing written.
    const admin = await verifiedAdministrator(t);
    const collector = await verifiedStaff(t, admin.token, 'collector');
    const row = await adminCall<{ disputed_since: string | null; may_contact_now: boolean }>(
      t.app,
      'GET',
      `/collections/${b.loanId}`,
      { token: collector.token },
    );
    expect(row.body.data).toMatchObject({ disputed_since: addDays(due, 5), may_contact_now: false });
    const refused = await adminCall(t.app, 'POST', `/collections/${b.loanId}/contacts`, {
      token: collector.token,
      body: { channel: 'call', outcome: 'reached', note: 'Called about the late bill' },
    });
    expect(refused.body).toMatchObject({ code: 4362, data: { disputed_since: addDays(due, 5) } });

    await closeComplaint(filed.body.data.complaint_id);
    clockTo(addDays(due, 17));
    expect((await lateFee(b.phone)).fee).toBe(five.fee + 3 * perDay);
    // Notices resume on the next notice day.
    clockTo(addDays(due, 21));
    expect(await overdueNotices(b.phone)).toBe(1);
  });

  it('refuses "I did not take this loan" without a loan, or with another borrower’s', async () => {
    const owner = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const other = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const fields = async (res: Awaited<ReturnType<typeof notMyLoan>>) =>
      (res.body.data as unknown as { fields: Record<string, string> }).fields;
    expect(await fields(await notMyLoan(owner.token, {}))).toEqual({ order_id: 'complaint.order_required' });
    expect(await fields(await notMyLoan(owner.token, { order_id: other.loanId }))).toEqual({
      order_id: 'complaint.order_unknown',
    });
    const held = await t.database.db
      .select()
      .from(loanDisputeHolds)
      .where(eq(loanDisputeHolds.loanId, other.loanId));
    expect(held).toEqual([]);
  });

  it('a payment claim holds the loan too; it stays held until the last case is answered', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const due = (await bills(t.app, b.token)).body.data.bills[0]!.due_date;
    clockTo(addDays(due, 2));
    const start = await lateFee(b.phone);
    const perDay = start.fee / 2;
    const claim = await fileClaim(start.token, 250_000, new Date(t.clock.now().getTime() - 3600_000));
    expect(claim.body.data.status, JSON.stringify(claim.body)).toBe('open');
    const complaint = await notMyLoan(start.token, { order_id: b.loanId });
    expect(complaint.body.code).toBe(200);

    clockTo(addDays(due, 6));
    expect((await lateFee(b.phone)).fee).toBe(start.fee);
    // The claim answered: the complaint still holds the loan.
    const { token } = await supportMember();
    const rejected = await adminCall(t.app, 'POST', `/payment_claims/${claim.body.data.claim_id}/reject`, {
      token,
      body: { reason: 'No transfer of Rp250.000 reached us that day.' },
    });
    expect(rejected.body.code, JSON.stringify(rejected.body)).toBe(200);
    clockTo(addDays(due, 8));
    expect((await lateFee(b.phone)).fee).toBe(start.fee);
    // The last one closed on day 8: fees from day 9 on only.
    await closeComplaint(complaint.body.data.complaint_id);
    clockTo(addDays(due, 10));
    expect((await lateFee(b.phone)).fee).toBe(start.fee + 2 * perDay);
    const holds = await t.database.db
      .select()
      .from(loanDisputeHolds)
      .where(eq(loanDisputeHolds.loanId, b.loanId));
    expect(holds.map((h) => [h.source, h.releasedAt !== null]).sort()).toEqual([
      ['complaint', true],
      ['payment_claim', true],
    ]);
  });
});
