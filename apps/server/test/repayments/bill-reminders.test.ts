import { describe, expect, it } from 'vitest';
import { addDays } from '@kaskita/domain/pricing/business-date';
import { BILL_REMINDERS } from '../../src/modules/repayments/bill-reminders-service.ts';
import { eq } from 'drizzle-orm';
import { borrowerVerifications } from '../../src/modules/verification/verification-schema.ts';
import { call, newPhone, signIn, useTestApp } from '../helpers/test-app.ts';
import { bills, repayingBorrower } from './repayment-helpers.ts';
import { sealWhatsappPhone } from '../../src/modules/verification/whatsapp-phone-schema.ts';

const t = useTestApp();

/** Moves the test clock to `hh:mm` WIB (UTC+7) on `date`. */
function clockTo(date: string, wib: string) {
  const [h, m] = wib.split(':').map(Number);
  const target = Date.parse(`${date}T00:00:00Z`) + ((h! - 7) * 60 + m!) * 60_000;
  const seconds = (target - t.clock.now().getTime()) / 1000;
  expect(seconds).toBeGreaterThanOrEqual(0);
  t.clock.advance(seconds);
}

async function runReminders(phone: string): Promise<string[]> {
  await t.app.jobs.trigger(BILL_REMINDERS);
  await t.app.jobs.whenIdle();
  const { body } = await call<Array<{ text: string }>>(t.app, {
    method: 'GET',
    url: `/api/dev/outbox?phone=${phone}`,
  });
  return body.data.map((m) => m.text);
}

describe('bill reminders and overdue notices', () => {
  it('reminds before the due date once each, and sends overdue notices only on contact days and hours', async () => {
    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const due = (await bills(t.app, b.token)).body.data.bills[0]!.due_date;
    // The test clock starts on Monday 2026-03-02, so the first bill falls due on Thursday 2026-04-02, the eve of
    // Good Friday (a national holiday), with Easter Sunday two days later.
    expect(due).toBe('2026-04-02');
    const count = async (pattern: RegExp) =>
      (await runReminders(b.phone)).filter((m) => pattern.test(m)).length;

    clockTo(addDays(due, -3), '07:30');
    expect(await count(/3 hari lagi/)).toBe(0);
    clockTo(addDays(due, -3), '10:00');
    expect(await count(/3 hari lagi/)).toBe(1);
    // The due date in the borrower's language (Indonesian here), not the database's 2026-04-02.
    const threeDays = (await runReminders(b.phone)).find((m) => /3 hari lagi/.test(m))!;
    expect(threeDays).toContain('jatuh tempo 2 April 2026 (3 hari lagi)');
    expect(threeDays).not.toContain(due);
    clockTo(addDays(due, -3), '11:00');
    expect(await count(/3 hari lagi/)).toBe(1);
    clockTo(addDays(due, -1), '09:00');
    expect(await count(/jatuh tempo besok/)).toBe(1);
    clockTo(due, '19:59');
    expect(await count(/HARI INI/)).toBe(1);

    // Day 1 late is Good Friday: no notice all day; day 3 late is Easter Sunday: none either.
    clockTo(addDays(due, 1), '10:00');
    expect(await count(/terlambat/)).toBe(0);
    clockTo(addDays(due, 3), '10:00');
    expect(await count(/terlambat/)).toBe(0);
    // Day 7 late, a Thursday: after 20:00 nothing, the next morning's run would be day 8; at 10:00, one notice.
    clockTo(addDays(due, 7), '10:00');
    expect(await count(/terlambat 7 hari/)).toBe(1);
    clockTo(addDays(due, 7), '20:00');
    expect(await count(/terlambat/)).toBe(1);
  });

  it("keeps to each borrower's own hours: the phone's zone, else the province's", async () => {
    const jakarta = await repayingBorrower(t.app, t.database.db, t.clock.now());
    const papua = await repayingBorrower(t.app, t.database.db, t.clock.now());
    t.clock.advance(120);
    await signIn(t.app, papua.phone, undefined, { tz: 'Asia/Jayapura' });
    const due = (await bills(t.app, jakarta.token)).body.data.bills[0]!.due_date;
    expect((await bills(t.app, papua.token)).body.data.bills[0]!.due_date).toBe(due);
    const reminded = async (phone: string) =>
      (await runReminders(phone)).filter((m) => /3 hari lagi/.test(m)).length;

    // 07:30 WIB is 09:30 in Jayapura: the Papua borrower is reminded, the Jakarta one not yet.
    clockTo(addDays(due, -3), '07:30');
    expect(await reminded(jakarta.phone)).toBe(0);
    expect(await reminded(papua.phone)).toBe(1);
    // 08:00 WIB: the Jakarta borrower's turn.
    clockTo(addDays(due, -3), '08:00');
    expect(await reminded(jakarta.phone)).toBe(1);
    // 18:30 WIB is 20:30 in Jayapura: tomorrow's reminder reaches Jakarta only.
    clockTo(addDays(due, -1), '18:30');
    const tomorrow = async (phone: string) =>
      (await runReminders(phone)).filter((m) => /jatuh tempo besok/.test(m)).length;
    expect(await tomorrow(jakarta.phone)).toBe(1);
    expect(await tomorrow(papua.phone)).toBe(0);
  });

  it('go to WhatsApp when the borrower chose it, which needs a confirmed WhatsApp number', async () => {
    const fresh = await signIn(t.app);
    const choose = (token: string, channel: string) =>
      call<{ reminder_channel: string }>(t.app, {
        method: 'POST',
        url: '/api/v1/user/reminder_channel',
        token,
        payload: { channel },
      });
    expect((await choose(fresh.token, 'whatsapp')).body.code).toBe(4306);
    expect((await choose(fresh.token, 'telegram')).body.code).toBe(4000);

    const b = await repayingBorrower(t.app, t.database.db, t.clock.now());
    // Stored normalised (62...), as the WhatsApp step stores a confirmed number.
    const whatsapp = `62${newPhone().slice(1)}`;
    await t.database.db
      .update(borrowerVerifications)
      .set({ whatsappPhoneEnc: sealWhatsappPhone(t.app.infra.dataProtection.cipher, b.userId, whatsapp) })
      .where(eq(borrowerVerifications.userId, b.userId));
    expect((await choose(b.token, 'whatsapp')).body.data).toEqual({ reminder_channel: 'whatsapp' });
    const state = await call<{ reminder_channel: string }>(t.app, {
      method: 'GET',
      url: '/api/v1/user/verification',
      token: b.token,
    });
    expect(state.body.data.reminder_channel).toBe('whatsapp');

    const due = (await bills(t.app, b.token)).body.data.bills[0]!.due_date;
    clockTo(addDays(due, -3), '10:00');
    await t.app.jobs.trigger(BILL_REMINDERS);
    await t.app.jobs.whenIdle();
    const sent = async (phone: string) =>
      (
        await call<Array<{ channel: string; text: string }>>(t.app, {
          method: 'GET',
          url: `/api/dev/outbox?phone=${phone}`,
        })
      ).body.data.filter((m) => /3 hari lagi/.test(m.text));
    expect((await sent(whatsapp)).map((m) => m.channel)).toEqual(['whatsapp']);
    expect(await sent(b.phone)).toEqual([]);
  });
});
