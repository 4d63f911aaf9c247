import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/commands/audit-schema.ts';
import { collectionContacts } from '../../src/modules/collections/collections-schema.ts';
import { borrowerProfiles } from '../../src/modules/profile/profile-schema.ts';
import { BILL_REMINDERS } from '../../src/modules/repayments/bill-reminders-service.ts';
import { users } from '../../src/modules/user/user-schema.ts';
import { collectorCode } from '@kaskita/domain/collection/collector-code';
import type { CollectionLog } from '@kaskita/domain/contract/collection-log';
import { multipartForm } from '../helpers/multipart.ts';
import { call, signIn, useTestApp } from '../helpers/test-app.ts';
import { bills, codeFor, payCode, repayingBorrower } from '../repayments/repayment-helpers.ts';
import {
  adminCall,
  freshSession,
  verifiedAdministrator,
  verifiedStaff,
  type StaffLogin,
} from '../staff/staff-helpers.ts';

const t = useTestApp();

/** Moves the test clock forward to `hh:mm` in a zone `offset` hours ahead of UTC on `date`. */
function clockTo(date: string, time: string, offset = 7) {
  const [h, m] = time.split(':').map(Number);
  const target = Date.parse(`${date}T00:00:00Z`) + ((h! - offset) * 60 + m!) * 60_000;
  const seconds = (target - t.clock.now().getTime()) / 1000;
  expect(seconds).toBeGreaterThanOrEqual(0);
  t.clock.advance(seconds);
}

let collector: StaffLogin;
let token: string;
/** Borrower `wib` lives in DKI Jakarta (WIB), `wit` in Papua (WIT); both have a first bill due on 2026-04-02. */
let wib: { loanId: string; phone: string };
let wit: { loanId: string; phone: string; userId: string };

beforeAll(async () => {
  const admin = await verifiedAdministrator(t);
  collector = await verifiedStaff(t, admin.token, 'collector');
  const db = t.database.db;
  const a = await repayingBorrower(t.app, db, t.clock.now());
  const b = await repayingBorrower(t.app, db, t.clock.now());
  expect((await bills(t.app, a.token)).body.data.bills[0]!.due_date).toBe('2026-04-02');
  const placed = async (userId: string, province: string) =>
    (
      await db
        .update(borrowerProfiles)
        .set({ province })
        .where(eq(borrowerProfiles.userId, userId))
        .returning()
    ).length;
  expect(await placed(a.userId, '31')).toBe(1);
  expect(await placed(b.userId, '91')).toBe(1);
  wib = { loanId: a.loanId, phone: a.phone };
  wit = { loanId: b.loanId, phone: b.phone, userId: b.userId };
});

interface Row {
  loan_id: string;
  dpd: number;
  dpd_bucket: string;
  amount_overdue: number;
  borrower: { name_masked: string | null; phone_masked: string };
  time_zones: string[];
  next_allowed_contact_at: string;
  may_contact_now: boolean;
  last_contact_at: string | null;
  promise: { promised_date: string; state: string } | null;
}

const queue = async (bucket: string) =>
  (await adminCall<{ items: Row[]; total: number }>(t.app, 'GET', `/collections?bucket=${bucket}`, { token }))
    .body;
const contact = (loanId: string, note = 'Spoke to the borrower') =>
  adminCall<{ id: string }>(t.app, 'POST', `/collections/${loanId}/contacts`, {
    token,
    body: { channel: 'call', outcome: 'reached', note },
  });
const contactsOf = async (loanId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(collectionContacts)
      .where(eq(collectionContacts.loanId, loanId))
  )[0]!.n;
const auditsOf = async (command: string, loanId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.command, command), eq(auditLog.subjectId, loanId)));

async function runReminders(phone: string): Promise<string[]> {
  await t.app.jobs.trigger(BILL_REMINDERS);
  await t.app.jobs.whenIdle();
  const { body } = await call<Array<{ text: string }>>(t.app, {
    method: 'GET',
    url: `/api/dev/outbox?phone=${phone}`,
  });
  return body.data.map((m) => m.text);
}

describe('collections', () => {
  it('the queue by bucket, next allowed contact and the contact log, refusing Sundays, holidays and 20:01', async () => {
    // Good Friday, 3 April 2026, 10:00 WIB: one day late, a national holiday.
    clockTo('2026-04-03', '10:00');
    token = await freshSession(t, collector);
    const first = await queue('1-30');
    const row = first.data.items.find((r) => r.loan_id === wib.loanId)!;
    expect(row).toMatchObject({
      dpd: 1,
      dpd_bucket: '1-30',
      time_zones: ['Asia/Jakarta'],
      may_contact_now: false,
    });
    expect(row.amount_overdue).toBeGreaterThan(0);
    expect(row.borrower.phone_masked).not.toBe(wib.phone);
    expect(row.borrower.phone_masked).toContain('*');
    // Saturday 08:00 WIB is the next allowed time.
    expect(row.next_allowed_contact_at).toBe('2026-04-04T01:00:00.000Z');
    expect((await queue('31-60')).data.items.map((r) => r.loan_id)).not.toContain(wib.loanId);

    const onHoliday = await contact(wib.loanId);
    expect(onHoliday.res.statusCode).toBe(409);
    expect(onHoliday.body.code).toBe(4360);
    expect(onHoliday.body.data).toMatchObject({ next_allowed_at: '2026-04-04T01:00:00.000Z' });
    expect(await contactsOf(wib.loanId)).toBe(0);
    expect(await auditsOf('collection.record_contact', wib.loanId)).toHaveLength(0);

    // Saturday 10:00 WIB: recorded, with its audit row and the note as the reason.
    clockTo('2026-04-04', '10:00');
    token = await freshSession(t, collector);
    const recorded = await contact(wib.loanId, 'Will pay on Monday');
    expect(recorded.body.code).toBe(200);
    expect(await contactsOf(wib.loanId)).toBe(1);
    const audits = await auditsOf('collection.record_contact', wib.loanId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: collector.staffId,
      reason: 'Will pay on Monday',
      outcome: 'recorded',
    });

    // 20:01 WIB Saturday: refused; the next time skips Easter Sunday to Monday 08:00 WIB.
    clockTo('2026-04-04', '20:01');
    token = await freshSession(t, collector);
    const late = await contact(wib.loanId);
    expect(late.body).toMatchObject({ code: 4360, data: { next_allowed_at: '2026-04-06T01:00:00.000Z' } });
    expect(late.body.msg).toMatch(/08\.00-20\.00/);
    expect(await contactsOf(wib.loanId)).toBe(1);
    expect(await auditsOf('collection.record_contact', wib.loanId)).toHaveLength(1);

    // The loan's own view: the log, the last contact, in Indonesian when asked.
    const view = await adminCall<{ contacts: { note: string; channel: string }[]; last_contact_at: string }>(
      t.app,
      'GET',
      `/collections/${wib.loanId}`,
      { token },
    );
    expect(view.body.data.contacts).toMatchObject([{ note: 'Will pay on Monday', channel: 'call' }]);
    // 10:00:30 WIB: freshSession spends 30 s after signing in.
    expect(view.body.data.last_contact_at).toBe('2026-04-04T03:00:30.000Z');
  });

  it('reads the clock in the borrower zone: 19:30 WIB Monday is 21:30 in Papua', async () => {
    clockTo('2026-04-06', '19:30');
    token = await freshSession(t, collector);
    const rows = (await queue('1-30')).data.items;
    const papua = rows.find((r) => r.loan_id === wit.loanId)!;
    const jakarta = rows.find((r) => r.loan_id === wib.loanId)!;
    expect(papua).toMatchObject({ time_zones: ['Asia/Jayapura'], may_contact_now: false });
    // Tuesday 08:00 WIT.
    expect(papua.next_allowed_contact_at).toBe('2026-04-06T23:00:00.000Z');
    expect(jakarta.may_contact_now).toBe(true);
    expect((await contact(wit.loanId)).body.code).toBe(4360);
    expect((await contact(wib.loanId)).body.code).toBe(200);
    expect(await contactsOf(wit.loanId)).toBe(0);
  });

  it('refuses a contact past the day limit and names the next contact day', async () => {
    clockTo('2026-04-07', '09:00');
    token = await freshSession(t, collector);
    const before = await contactsOf(wib.loanId);
    for (let n = 0; n < 3; n += 1) expect((await contact(wib.loanId)).body.code).toBe(200);
    const fourth = await contact(wib.loanId);
    expect(fourth.body).toMatchObject({ code: 4360, data: { next_allowed_at: '2026-04-08T01:00:00.000Z' } });
    expect(await contactsOf(wib.loanId)).toBe(before + 3);
    const row = (await queue('1-30')).data.items.find((r) => r.loan_id === wib.loanId)!;
    expect(row).toMatchObject({
      may_contact_now: false,
      next_allowed_contact_at: '2026-04-08T01:00:00.000Z',
    });
  });

  it('an unknown province gets the strictest window: 18:30 WIB is already too late', async () => {
    await t.database.db
      .update(borrowerProfiles)
      .set({ province: null })
      .where(eq(borrowerProfiles.userId, wit.userId));
    clockTo('2026-04-07', '18:30');
    token = await freshSession(t, collector);
    const row = (await queue('1-30')).data.items.find((r) => r.loan_id === wit.loanId)!;
    expect(row.time_zones).toEqual(['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura']);
    expect(row.may_contact_now).toBe(false);
    expect(row.next_allowed_contact_at).toBe('2026-04-08T01:00:00.000Z');
    await t.database.db
      .update(borrowerProfiles)
      .set({ province: '91' })
      .where(eq(borrowerProfiles.userId, wit.userId));
  });

  it("the zone the borrower's phone reports is their own time: a Papua address on a Makassar phone", async () => {
    // Tuesday 18:35 WIB: 19:35 in Makassar (inside the hours), 20:35 in Papua (outside).
    clockTo('2026-04-07', '18:35');
    token = await freshSession(t, collector);
    const row = async () => (await queue('1-30')).data.items.find((r) => r.loan_id === wit.loanId)!;
    expect(await row()).toMatchObject({ time_zones: ['Asia/Jayapura'], may_contact_now: false });
    await signIn(t.app, wit.phone, undefined, { tz: 'asia/makassar' });
    expect(await row()).toMatchObject({ time_zones: ['Asia/Makassar'], may_contact_now: true });
    // A phone naming no zone changes nothing.
    await t.database.db.update(users).set({ timeZone: null }).where(eq(users.id, wit.userId));
    t.clock.advance(120);
    await signIn(t.app, wit.phone, undefined, { tz: 'GMT+8' });
    expect(await row()).toMatchObject({ time_zones: ['Asia/Jayapura'] });
  });

  it('a promise to pay holds back the overdue notice until its date passes unpaid, then notices resume', async () => {
    // Wednesday 8 April 10:00 WIB: the Papua borrower promises to pay by Friday 10 April.
    clockTo('2026-04-08', '10:00');
    token = await freshSession(t, collector);
    const promised = await adminCall<{ state: string; promised_date: string }>(
      t.app,
      'POST',
      `/collections/${wit.loanId}/promises`,
      { token, body: { promised_date: '2026-04-10', amount: 100_000, reason: 'Salary on Friday' } },
    );
    expect(promised.body.data).toMatchObject({ state: 'pending', promised_date: '2026-04-10' });
    expect(await auditsOf('collection.record_promise', wit.loanId)).toHaveLength(1);
    const tooFar = await adminCall(t.app, 'POST', `/collections/${wit.loanId}/promises`, {
      token,
      body: { promised_date: '2026-06-10', amount: 100_000, reason: 'Later' },
    });
    expect(tooFar.body.code).toBe(4361);
    expect(await auditsOf('collection.record_promise', wit.loanId)).toHaveLength(1);

    // Day 7 late (Thursday 9 April): the Jakarta borrower, who promised nothing, gets the notice; Papua does not.
    clockTo('2026-04-09', '10:00');
    expect((await runReminders(wib.phone)).filter((m) => /terlambat 7 hari/.test(m))).toHaveLength(1);
    expect((await runReminders(wit.phone)).filter((m) => /terlambat/.test(m))).toHaveLength(0);

    // The promise passed unpaid: it shows broken, and the day-14 notice (Thursday 16 April) goes again.
    clockTo('2026-04-16', '10:00');
    token = await freshSession(t, collector);
    const row = (await queue('1-30')).data.items.find((r) => r.loan_id === wit.loanId)!;
    expect(row.promise).toMatchObject({ promised_date: '2026-04-10', state: 'broken' });
    expect((await runReminders(wit.phone)).filter((m) => /terlambat 14 hari/.test(m))).toHaveLength(1);
  });

  it('a promise paid by its date shows kept', async () => {
    // Still Thursday 16 April: the Jakarta borrower promises 100,000 by tomorrow and pays the instalment now.
    const promised = await adminCall<{ state: string }>(
      t.app,
      'POST',
      `/collections/${wib.loanId}/promises`,
      {
        token,
        body: { promised_date: '2026-04-17', amount: 100_000, reason: 'Paying today' },
      },
    );
    expect(promised.body.data.state).toBe('pending');
    // The borrower's session from the start has long gone idle: they sign in again to pay.
    const again = await signIn(t.app, wib.phone);
    const code = await codeFor(t.app, { token: again.token, loanId: wib.loanId }, 'instalment');
    await payCode(t.app, code.code_id);
    // Monday 4 May: the second bill (due 2 May) is late, so the loan is back in collections with its history.
    clockTo('2026-05-04', '10:00');
    token = await freshSession(t, collector);
    const view = await adminCall<{ promises: { promised_date: string; state: string; paid: number }[] }>(
      t.app,
      'GET',
      `/collections/${wib.loanId}`,
      { token },
    );
    expect(view.body.data.promises[0]).toMatchObject({ promised_date: '2026-04-17', state: 'kept' });
    expect(view.body.data.promises[0]!.paid).toBeGreaterThanOrEqual(100_000);
  });

  it("the borrower sees each contact about their loan, by the collector's code, and can complain about one", async () => {
    const borrower = await signIn(t.app, wib.phone);
    const log = await call<CollectionLog>(t.app, {
      method: 'GET',
      url: `/api/v1/order/collection_contacts?order_id=${wib.loanId}`,
      token: borrower.token,
    });
    const recorded = await t.database.db
      .select()
      .from(collectionContacts)
      .where(eq(collectionContacts.loanId, wib.loanId));
    expect(log.body.data.list).toHaveLength(recorded.length);
    expect(recorded.length).toBeGreaterThan(0);
    const [newest] = log.body.data.list;
    expect(newest).toEqual({
      contact_id: expect.any(String),
      contacted_at: expect.any(String),
      channel: 'call',
      outcome: expect.any(String),
      collector_code: collectorCode(collector.staffId),
    });
    // The collector's notes and name stay in the back office.
    expect(JSON.stringify(log.body.data)).not.toMatch(/Will pay on Monday|note|staff_id/);
    // Another borrower's loan names nothing.
    const other = await signIn(t.app, wit.phone);
    const refused = await call(t.app, {
      method: 'GET',
      url: `/api/v1/order/collection_contacts?order_id=${wib.loanId}`,
      token: other.token,
    });
    expect(refused.body.code).toBe(4040);

    // One tap from a contact: a complaint about it, on its loan, flagged for compliance in the back office.
    const complain = (tok: string) => {
      const form = multipartForm({
        category: 'collection',
        text: 'The collector called me three times in one hour.',
        contact_id: newest!.contact_id,
      });
      return call<{ complaint_id: string; contact_id: string | null; order_id: string | null }>(t.app, {
        method: 'POST',
        url: '/api/v1/complaints',
        token: tok,
        payload: form.payload,
        headers: form.headers,
      });
    };
    expect((await complain(other.token)).body).toMatchObject({
      code: 4000,
      data: { fields: { contact_id: 'complaint.contact_unknown' } },
    });
    const filed = await complain(borrower.token);
    expect(filed.body.data).toMatchObject({ contact_id: newest!.contact_id, order_id: wib.loanId });
    const admin = await verifiedAdministrator(t);
    const desk = await adminCall<{ items: Array<{ id: string; compliance: boolean }> }>(
      t.app,
      'GET',
      '/complaints',
      { token: admin.token },
    );
    const flagged = desk.body.data.items.find((c) => c.id === filed.body.data.complaint_id);
    expect(flagged?.compliance).toBe(true);
  });

  it('the contact log is append-only in the database', async () => {
    await expect(t.database.db.update(collectionContacts).set({ note: 'rewritten' })).rejects.toThrow();
    await expect(t.database.db.delete(collectionContacts)).rejects.toThrow();
  });
});
