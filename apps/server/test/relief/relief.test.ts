import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReliefAddendumView, ReliefOverview, ReliefView } from '@kaskita/domain/contract/relief';
import { addDays, formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { loanReliefs } from '../../src/modules/relief/relief-schema.ts';
import { BILL_REMINDERS } from '../../src/modules/repayments/bill-reminders-service.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { setPin } from '../commerce/commerce-helpers.ts';
import { bills, repayingBorrower } from '../repayments/repayment-helpers.ts';
import { adminCall, verifiedAdministrator, verifiedStaff } from '../staff/staff-helpers.ts';

/**
 * Relief (issue 27): the borrower asks for more days, one member proposes an offer and a second approves it, the
 * borrower signs the addendum, and only then do the bills move: the same amounts, later dates, no late fee until them.
 */
const t = useTestApp();

afterAll(async () => {
  const report = await checkLedger(t.database.db);
  expect(report.loansChecked).toBeGreaterThan(0);
  expect(ledgerProblems(report), JSON.stringify(report)).toBe(0);
});

const REASON = 'I lost my job last month and start a new one in two weeks.';
const PIN = '246810';

/** Moves the test clock to 10:00 WIB on `date`. */
function clockTo(date: string) {
  const seconds = (Date.parse(`${date}T03:00:00Z`) - t.clock.now().getTime()) / 1000;
  expect(seconds).toBeGreaterThanOrEqual(0);
  t.clock.advance(seconds);
}

const overview = (token: string) =>
  call<ReliefOverview>(t.app, { method: 'GET', url: '/api/v1/relief', token });
const ask = (token: string, payload: Record<string, unknown>) =>
  call<ReliefView>(t.app, { method: 'POST', url: '/api/v1/relief', token, payload });
/** Accepts as the app does: with the terms of the addendum just read (none to read: a digest of nothing). */
const accept = async (token: string, id: string, payload: Record<string, unknown> = {}) => {
  const read = await call<ReliefAddendumView>(t.app, {
    method: 'GET',
    url: `/api/v1/relief/${id}/addendum`,
    token,
  });
  const terms = read.body.code === 200 ? read.body.data.terms : '0'.repeat(64);
  return call<ReliefView>(t.app, {
    method: 'POST',
    url: `/api/v1/relief/${id}/accept`,
    token,
    payload: { terms, ...payload },
  });
};
const addendum = (token: string, id: string) =>
  call<ReliefAddendumView>(t.app, { method: 'GET', url: `/api/v1/relief/${id}/addendum?pdf=1`, token });

/** Staff signed in now (the clock moves by days in these tests, past any session's life). */
async function desk() {
  const admin = await verifiedAdministrator(t);
  return {
    collector: await verifiedStaff(t, admin.token, 'collector'),
    finance: await verifiedStaff(t, admin.token, 'finance'),
  };
}

/** A collector proposes `days` (or `{ extra }` bills to add), finance approves: the offer reaches the borrower. */
async function offer(reliefId: string, terms: number | { extra: number }) {
  const { collector, finance } = await desk();
  const proposed = await adminCall<{ request_id: string; state: string }>(
    t.app,
    'POST',
    `/reliefs/${reliefId}/propose`,
    {
      token: collector.token,
      body: {
        ...(typeof terms === 'number' ? { days: terms } : terms),
        reason: 'Verified the job loss by phone; two weeks is enough.',
      },
    },
  );
  expect(proposed.body.code, JSON.stringify(proposed.body)).toBe(200);
  const own = await adminCall(t.app, 'POST', `/approvals/${proposed.body.data.request_id}/approve`, {
    token: collector.token,
    body: { reason: 'mine' },
  });
  // A collector proposes but may not approve (relief.approve is finance's).
  expect(own.body.code).toBe(4033);
  const approved = await adminCall(t.app, 'POST', `/approvals/${proposed.body.data.request_id}/approve`, {
    token: finance.token,
    body: { reason: 'Within the caps, no cost to the borrower.' },
  });
  expect(approved.body.code, JSON.stringify(approved.body)).toBe(200);
}

/** "Due today" reminders delivered to the phone so far, after the reminders job ran now. */
async function dueTodayReminders(phone: string): Promise<number> {
  await t.app.jobs.trigger(BILL_REMINDERS);
  await t.app.jobs.whenIdle();
  const { body } = await call<Array<{ text: string }>>(t.app, {
    method: 'GET',
    url: `/api/dev/outbox?phone=${phone}`,
  });
  return body.data.filter((m) => /HARI INI|due TODAY/.test(m.text)).length;
}

async function billsNow(phone: string) {
  const { token } = await signIn(t.app, phone);
  return { token, view: (await bills(t.app, token)).body.data };
}

describe('relief: asked, offered with maker-checker, signed, applied', () => {
  it('moves every unpaid bill the days offered at no cost, and stops late fees until the new dates', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const first = (await bills(t.app, b.token)).body.data.bills;
    const due = first[0]!.due_date;
    // The day it falls due, the borrower is reminded (once per bill and day).
    clockTo(due);
    expect(await dueTodayReminders(b.phone)).toBe(1);
    clockTo(addDays(due, 3));
    const late = await billsNow(b.phone);
    const feeSoFar = late.view.bills[0]!.late_fee;
    expect(feeSoFar).toBeGreaterThan(0);
    const owedBefore = late.view.bills.map((x) => x.outstanding);

    const before = await overview(late.token);
    expect(before.body.data).toMatchObject({ order_id: b.loanId, can_ask: true, next_due_date: due });
    // As the app sends it: a form, whose values are text.
    const asked = await call<ReliefView>(t.app, {
      method: 'POST',
      url: '/api/v1/relief',
      token: late.token,
      payload: new URLSearchParams({ order_id: b.loanId, days: '14', reason: REASON }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data).toMatchObject({ status: 'requested', days_asked: 14, reason: REASON, bills: [] });
    const id = asked.body.data.relief_id;
    // The reason is kept encrypted.
    const [stored] = await t.database.db.select().from(loanReliefs).where(eq(loanReliefs.id, id));
    expect(stored!.reasonEnc).not.toContain('job');
    // One at a time.
    expect((await overview(late.token)).body.data).toMatchObject({
      can_ask: false,
      cannot_ask_because: 'open_request',
    });
    expect((await ask(late.token, { order_id: b.loanId, days: 7, reason: REASON })).body.code).toBe(4430);

    // Nothing changes before the borrower signs: the offer only shows what would move.
    await offer(id, 14);
    const offered = (await overview(late.token)).body.data.requests[0]!;
    expect(offered).toMatchObject({ status: 'offered', days_offered: 14, late_fees_kept: feeSoFar });
    expect(offered.bills.map((x) => [x.due_date_before, x.due_date_after])).toEqual(
      first.map((x) => [x.due_date, addDays(x.due_date, 14)]),
    );
    expect((await bills(t.app, late.token)).body.data.bills[0]!.due_date).toBe(due);
    const preview = await addendum(late.token, id);
    expect(preview.body.data).toMatchObject({ signed: false });
    // It states the new dates the borrower will sign for.
    const previewText = preview.body.data.sections.map((s) => s.paragraphs.join(' ')).join(' ');
    expect(previewText).toContain(formatDisplayDate(addDays(due, 14)));

    const accepted = await accept(late.token, id);
    expect(accepted.body.code, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.status).toBe('accepted');
    const after = (await bills(t.app, late.token)).body.data;
    expect(after.bills.map((x) => x.due_date)).toEqual(first.map((x) => addDays(x.due_date, 14)));
    expect(after.bills.map((x) => x.outstanding)).toEqual(owedBefore);
    expect(after.bills[0]!.late_fee).toBe(feeSoFar);

    // The signed addendum is the kept copy, whose hash is the one recorded.
    const signed = await addendum(late.token, id);
    expect(signed.body.data.signed).toBe(true);
    const pdf = Buffer.from(signed.body.data.pdf_base64!, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(accepted.body.data.addendum_sha256);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'relief.accept'), eq(auditLog.subjectId, b.loanId)));
    expect(audit).toBeDefined();

    // No late fee through the new due date; the day after, it runs again.
    const newDue = addDays(due, 14);
    clockTo(newDue);
    expect((await billsNow(b.phone)).view.bills[0]!.late_fee).toBe(feeSoFar);
    // Reminded again on the new due date: a moved bill is a new date to remind of.
    expect(await dueTodayReminders(b.phone)).toBe(2);
    clockTo(addDays(newDue, 1));
    const again = await billsNow(b.phone);
    expect(again.view.bills[0]!.late_fee).toBeGreaterThan(feeSoFar);

    // One relief per loan.
    expect((await overview(again.token)).body.data.cannot_ask_because).toBe('already_given');
    expect((await ask(again.token, { order_id: b.loanId, days: 7, reason: REASON })).body.code).toBe(4431);
  });
});

describe('relief: spreading what remains over more instalments', () => {
  it('asks less of every unpaid bill and adds the bills offered after the last, the total and the books unchanged', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const first = (await bills(t.app, b.token)).body.data;
    const total = (xs: Array<{ outstanding: number }>) => xs.reduce((a, x) => a + x.outstanding, 0);

    const asked = await ask(b.token, { order_id: b.loanId, kind: 'spread', extra: 2, reason: REASON });
    expect(asked.body.code, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data).toMatchObject({ kind: 'spread', extra_asked: 2, days_asked: null });
    const id = asked.body.data.relief_id;
    const { collector } = await desk();
    // The desk offers the kind asked: days on a request for instalments are refused.
    const wrongKind = await adminCall(t.app, 'POST', `/reliefs/${id}/propose`, {
      token: collector.token,
      body: { days: 14, reason: 'More days instead' },
    });
    expect(wrongKind.body.code).toBe(4437);
    // And one number it is: none is a field error.
    const neither = await adminCall(t.app, 'POST', `/reliefs/${id}/propose`, {
      token: collector.token,
      body: { reason: 'Something' },
    });
    expect(neither.body.code).toBe(4000);
    // It previews another number than the one asked.
    const preview = await adminCall<{
      preview_extra: number;
      preview: Array<{ due_date_before: string | null }>;
    }>(t.app, 'GET', `/reliefs/${id}?extra=1`, { token: collector.token });
    expect(preview.body.data.preview_extra).toBe(1);
    expect(preview.body.data.preview.filter((x) => x.due_date_before === null)).toHaveLength(1);

    await offer(id, { extra: 2 });
    const offered = (await overview(b.token)).body.data.requests[0]!;
    expect(offered).toMatchObject({
      status: 'offered',
      kind: 'spread',
      extra_offered: 2,
      days_offered: null,
    });
    const added = offered.bills.filter((x) => x.due_date_before === null);
    const kept = offered.bills.filter((x) => x.due_date_before !== null);
    expect(added.map((x) => x.number)).toEqual([first.bills.length + 1, first.bills.length + 2]);
    expect(kept.map((x) => x.number)).toEqual(first.bills.map((x) => x.number));
    for (const x of kept) expect(x.amount).toBeLessThan(x.amount_before);
    expect(offered.bills.reduce((a, x) => a + x.amount, 0)).toBe(total(first.bills));
    // Nothing has changed yet.
    expect((await bills(t.app, b.token)).body.data.bills).toHaveLength(first.bills.length);
    const preview2 = await addendum(b.token, id);
    expect(preview2.body.data.title).toBe('Adendum Perjanjian Pinjaman: Keringanan Cicilan');

    const accepted = await accept(b.token, id);
    expect(accepted.body.code, JSON.stringify(accepted.body)).toBe(200);
    const after = (await bills(t.app, b.token)).body.data.bills;
    expect(after).toHaveLength(first.bills.length + 2);
    expect(total(after)).toBe(total(first.bills));
    expect(after.map((x) => x.outstanding)).toEqual(offered.bills.map((x) => x.amount));
    expect(after.slice(0, first.bills.length).map((x) => x.due_date)).toEqual(
      first.bills.map((x) => x.due_date),
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.command, 'relief.accept'), eq(auditLog.subjectId, b.loanId)));
    expect(audit).toBeDefined();
    const signed = await addendum(b.token, id);
    expect(
      createHash('sha256').update(Buffer.from(signed.body.data.pdf_base64!, 'base64')).digest('hex'),
    ).toBe(accepted.body.data.addendum_sha256);
  });

  it("a kind without its number, or with the other kind's, is a field error, and nothing is stored", async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const fields = async (payload: Record<string, unknown>) => {
      const res = await ask(b.token, { order_id: b.loanId, reason: REASON, ...payload });
      expect(res.body.code).toBe(4000);
      return (res.body.data as unknown as { fields: Record<string, string> }).fields;
    };
    expect(await fields({ kind: 'spread' })).toEqual({ extra: 'relief.extra_invalid' });
    expect(await fields({ kind: 'spread', extra: 4 })).toEqual({ extra: 'relief.extra_invalid' });
    expect(await fields({ kind: 'defer', days: 14, extra: 2 })).toEqual({ extra: 'relief.kind_invalid' });
    expect(await fields({ kind: 'more', days: 14 })).toEqual({ kind: 'relief.kind_invalid' });
    expect(await t.database.db.select().from(loanReliefs).where(eq(loanReliefs.loanId, b.loanId))).toEqual(
      [],
    );
  });
});

describe('relief refused', () => {
  it("never shows or changes another borrower's request, nor asks on their loan", async () => {
    const owner = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const other = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const asked = await ask(owner.token, { order_id: owner.loanId, days: 7, reason: REASON });
    const id = asked.body.data.relief_id;
    expect((await accept(other.token, id)).body.code).toBe(4040);
    expect((await addendum(other.token, id)).body.code).toBe(4040);
    const withdrawn = await call(t.app, {
      method: 'POST',
      url: `/api/v1/relief/${id}/withdraw`,
      token: other.token,
    });
    expect(withdrawn.body.code).toBe(4040);
    expect((await ask(other.token, { order_id: owner.loanId, days: 7, reason: REASON })).body.code).toBe(
      4310,
    );
    expect((await overview(other.token)).body.data.requests).toEqual([]);
  });

  it("an offer waiting for approval leaves the approvers' queue when the borrower withdraws the request", async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const id = (await ask(b.token, { order_id: b.loanId, days: 14, reason: REASON })).body.data.relief_id;
    const { collector, finance } = await desk();
    const proposed = await adminCall<{ request_id: string }>(t.app, 'POST', `/reliefs/${id}/propose`, {
      token: collector.token,
      body: { days: 14, reason: 'Verified the job loss by phone; two weeks is enough.' },
    });
    expect(proposed.body.code).toBe(200);
    const requestId = proposed.body.data.request_id;
    const waiting = async () =>
      (
        await adminCall<{ items: { id: string }[] }>(t.app, 'GET', '/approvals?scope=waiting', {
          token: finance.token,
        })
      ).body.data.items.map((item) => item.id);
    expect(await waiting()).toContain(requestId);

    const withdrawn = await call(t.app, {
      method: 'POST',
      url: `/api/v1/relief/${id}/withdraw`,
      token: b.token,
    });
    expect(withdrawn.body.code).toBe(200);
    expect(await waiting()).not.toContain(requestId);
    const request = await adminCall<{ state: string; decided_by: unknown; decision_reason: string }>(
      t.app,
      'GET',
      `/approvals/${requestId}`,
      { token: finance.token },
    );
    expect(request.body.data).toMatchObject({ state: 'withdrawn', decided_by: null });
    const approve = await adminCall(t.app, 'POST', `/approvals/${requestId}/approve`, {
      token: finance.token,
      body: { reason: 'Within the caps.' },
    });
    expect(approve.body.code).toBe(4351);
  });

  it('days outside 7-30 and a reason too short are field errors, and nothing is stored', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const res = await ask(b.token, { order_id: b.loanId, days: 31, reason: 'broke' });
    expect(res.body.code).toBe(4000);
    expect((res.body.data as unknown as { fields: Record<string, string> }).fields).toEqual({
      days: 'relief.days_invalid',
      reason: 'relief.reason_short',
    });
    expect(await t.database.db.select().from(loanReliefs).where(eq(loanReliefs.loanId, b.loanId))).toEqual(
      [],
    );
  });

  it('an offer beyond the caps, or one that would leave the bill late, cannot even be proposed', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const due = (await bills(t.app, b.token)).body.data.bills[0]!.due_date;
    clockTo(addDays(due, 20));
    const { token } = await signIn(t.app, b.phone);
    const id = (await ask(token, { order_id: b.loanId, days: 30, reason: REASON })).body.data.relief_id;
    const { collector } = await desk();
    // The desk previews any days: 14 would leave the bill late (nothing to show), 30 moves it.
    const preview = async (days: number) =>
      (
        await adminCall<{ preview_days: number; preview: unknown[] }>(
          t.app,
          'GET',
          `/reliefs/${id}?days=${days}`,
          {
            token: collector.token,
          },
        )
      ).body.data;
    expect(await preview(14)).toMatchObject({ preview_days: 14, preview: [] });
    expect((await preview(30)).preview.length).toBeGreaterThan(0);
    for (const days of [31, 14]) {
      const res = await adminCall(t.app, 'POST', `/reliefs/${id}/propose`, {
        token: collector.token,
        body: { days, reason: 'try' },
      });
      expect(res.body.code).toBe(days === 31 ? 4000 : 4435);
    }
    const res = await adminCall(t.app, 'POST', `/reliefs/${id}/propose`, {
      token: collector.token,
      body: { days: 30, reason: 'Ten more days past today' },
    });
    expect(res.body.code).toBe(200);
  });

  it('a declined request tells the borrower why, and an offer left too long lapses', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const id = (await ask(b.token, { order_id: b.loanId, days: 7, reason: REASON })).body.data.relief_id;
    const { collector } = await desk();
    const declined = await adminCall(t.app, 'POST', `/reliefs/${id}/decline`, {
      token: collector.token,
      body: { reason: 'Your bill is not due for weeks: ask again if it still helps then.' },
    });
    expect(declined.body.code, JSON.stringify(declined.body)).toBe(200);
    expect((await overview(b.token)).body.data.requests[0]).toMatchObject({
      status: 'declined',
      answer: 'Your bill is not due for weeks: ask again if it still helps then.',
    });
    expect((await accept(b.token, id)).body.code).toBe(4432);

    const second = (await ask(b.token, { order_id: b.loanId, days: 7, reason: REASON })).body.data.relief_id;
    await offer(second, 7);
    t.clock.advance(8 * 86_400);
    const { token } = await signIn(t.app, b.phone);
    expect((await accept(token, second)).body.code).toBe(4433);
    expect((await overview(token)).body.data.requests[0]).toMatchObject({
      relief_id: second,
      status: 'expired',
    });
    expect((await overview(token)).body.data.can_ask).toBe(true);
  });

  it('applies only the terms signed: a loan that changed since the addendum was read is refused, nothing moved', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const id = (await ask(b.token, { order_id: b.loanId, days: 14, reason: REASON })).body.data.relief_id;
    await offer(id, 14);
    const before = (await bills(t.app, b.token)).body.data.bills.map((x) => x.due_date);
    // As if a payment had landed between reading the addendum and the transaction: the digest of other terms.
    const signed = {
      reliefId: id,
      userId: b.userId,
      signedAt: t.clock.now().toISOString(),
      addendumSha256: 'a'.repeat(64),
      terms: 'b'.repeat(64),
    };
    const refused = await t.app.infra.commands
      .run(t.app.relief.acceptCommand, signed, { kind: 'borrower', userId: b.userId })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ key: 'RELIEF_TERMS_CHANGED' });
    // Nor may another borrower run it for them.
    const other = await t.app.infra.commands
      .run(t.app.relief.acceptCommand, signed, { kind: 'borrower', userId: 'someone-else' })
      .catch((error: unknown) => error);
    expect(other).toMatchObject({ key: 'FORBIDDEN' });
    expect((await bills(t.app, b.token)).body.data.bills.map((x) => x.due_date)).toEqual(before);
    expect((await overview(b.token)).body.data.requests[0]).toMatchObject({
      relief_id: id,
      status: 'offered',
    });
  });

  it('asks a borrower who set a payment PIN for it before signing', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const id = (await ask(b.token, { order_id: b.loanId, days: 7, reason: REASON })).body.data.relief_id;
    await offer(id, 7);
    expect((await setPin(t.app, t.clock, b.token, b.phone, PIN)).body.code).toBe(200);
    expect((await accept(b.token, id)).body.code).toBe(4427);
    expect((await accept(b.token, id, { pay_pin: '135790' })).body.code).toBe(4417);
    const accepted = await accept(b.token, id, { pay_pin: PIN });
    expect(accepted.body.code, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.status).toBe('accepted');
  });

  it('two taps on Accept apply it once, and the copy kept is the one signed', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const id = (await ask(b.token, { order_id: b.loanId, days: 7, reason: REASON })).body.data.relief_id;
    await offer(id, 7);
    const due = (await bills(t.app, b.token)).body.data.bills.map((x) => x.due_date);
    const answers = await Promise.all([accept(b.token, id), accept(b.token, id)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, 4432]);
    expect((await bills(t.app, b.token)).body.data.bills.map((x) => x.due_date)).toEqual(
      due.map((d) => addDays(d, 7)),
    );
    const signed = await addendum(b.token, id);
    expect(signed.body.code, JSON.stringify(signed.body)).toBe(200);
    const pdf = Buffer.from(signed.body.data.pdf_base64!, 'base64');
    const accepted = answers.find((a) => a.body.code === 200)!;
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(accepted.body.data.addendum_sha256);
  });

  it("signs what the borrower read: a day's late fee since the addendum was read asks them to read it again", async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const due = (await bills(t.app, b.token)).body.data.bills[0]!.due_date;
    clockTo(addDays(due, 2));
    const { token } = await signIn(t.app, b.phone);
    const id = (await ask(token, { order_id: b.loanId, days: 14, reason: REASON })).body.data.relief_id;
    await offer(id, 14);
    const read = await addendum(token, id);
    t.clock.advance(86_400);
    const next = (await signIn(t.app, b.phone)).token;
    const stale = await call(t.app, {
      method: 'POST',
      url: `/api/v1/relief/${id}/accept`,
      token: next,
      payload: { terms: read.body.data.terms },
    });
    expect(stale.body.code).toBe(4436);
    expect((await overview(next)).body.data.requests[0]).toMatchObject({ status: 'offered' });
    const accepted = await accept(next, id);
    expect(accepted.body.code, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.late_fees_kept).toBeGreaterThan(0);
  });

  it('an offer that can no longer give a week ahead lapses when accepted, and the borrower may ask again', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const due = (await bills(t.app, b.token)).body.data.bills[0]!.due_date;
    clockTo(addDays(due, 20));
    const { token } = await signIn(t.app, b.phone);
    const id = (await ask(token, { order_id: b.loanId, days: 30, reason: REASON })).body.data.relief_id;
    await offer(id, 30);
    // Six days on, a 30-day move of a bill 26 days late would leave it due in 4 days.
    t.clock.advance(6 * 86_400);
    const again = await signIn(t.app, b.phone);
    expect((await accept(again.token, id)).body.code).toBe(4433);
    expect((await overview(again.token)).body.data).toMatchObject({ can_ask: true });
    expect((await overview(again.token)).body.data.requests[0]).toMatchObject({
      relief_id: id,
      status: 'expired',
    });
  });
});
