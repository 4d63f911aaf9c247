import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  BANK_INQUIRIES_PER_ADDRESS,
  BANK_INQUIRIES_PER_USER,
} from '../../src/modules/bank-cards/bank-cards-service.ts';
import { borrowerProfiles } from '../../src/modules/profile/profile-schema.ts';
import { KTP_READS_PER_ADDRESS, KTP_READS_PER_USER } from '../../src/modules/profile/ktp-service.ts';
import type { Limit } from '../../src/rate-limit/rate-limiter.ts';
import { rateEvents } from '../../src/rate-limit/rate-limit-schema.ts';
import { call, newIp, newPhone, signIn, useTestApp } from '../helpers/test-app.ts';
import { testNik } from '../application/application-helpers.ts';
import { get, KTP, plainPhoto, post, uploadKtp } from './profile-helpers.ts';

// The costly calls a signed-in borrower can repeat (issue 24): reading a KTP photo (seconds of CPU on the queue every
// borrower shares) and asking the bank who holds an account (billed by the bank). The day's earlier calls are written
// as the limiter writes them, all but one, so the last allowed call is a real one and the next is refused.
const t = useTestApp();

async function borrower(phone = newPhone()) {
  const { token } = await signIn(t.app, phone);
  const account = await get<{ uid: string }>(t.app, token, '/v1/user/account');
  return { token, phone, userId: account.body.data.uid };
}

/** A subject as rate_events keeps it: its keyed hash. */
const key = (subject: string) => t.app.infra.limiter.subjectKey(subject);

async function alreadyCounted(limit: Limit, subject: string, n: number) {
  const at = t.clock.now();
  await t.database.db
    .insert(rateEvents)
    .values(
      Array.from({ length: n }, () => ({ bucket: limit.bucket, subject: key(subject), createdAt: at })),
    );
}

const photo = async () => ({ filename: 'ktp.jpg', contentType: 'image/jpeg', bytes: await plainPhoto() });

const counted = async (limit: Limit, subject: string) =>
  (
    await t.database.db
      .select()
      .from(rateEvents)
      .where(and(eq(rateEvents.bucket, limit.bucket), eq(rateEvents.subject, key(subject))))
  ).length;

describe('KTP reading: 20 a day for one account', () => {
  it('reads the 20th photo, refuses the 21st with when to try again (4029), and reads for others still', async () => {
    const b = await borrower();
    await alreadyCounted(KTP_READS_PER_USER, b.userId, KTP_READS_PER_USER.max - 1);
    expect((await uploadKtp(t.app, b.token, await photo())).body.code).toBe(200);
    const [first] = await t.database.db
      .select({ key: borrowerProfiles.ktpPhotoKey })
      .from(borrowerProfiles)
      .where(eq(borrowerProfiles.userId, b.userId));

    const refused = await uploadKtp(t.app, b.token, await photo());
    expect(refused.res.statusCode).toBe(429);
    expect(refused.body.code).toBe(4029);
    expect(refused.body.data).toMatchObject({ retry_after: expect.any(Number) });
    expect((refused.body.data as { retry_after: number }).retry_after).toBeGreaterThan(0);
    expect(refused.body.data.retry_after).toBeLessThanOrEqual(KTP_READS_PER_USER.windowSeconds);
    // The refused photo was neither read nor stored: the earlier one stays.
    const [after] = await t.database.db
      .select({ key: borrowerProfiles.ktpPhotoKey })
      .from(borrowerProfiles)
      .where(eq(borrowerProfiles.userId, b.userId));
    expect(after?.key).toBe(first?.key);
    expect(await counted(KTP_READS_PER_USER, b.userId)).toBe(KTP_READS_PER_USER.max);

    const other = await borrower();
    expect((await uploadKtp(t.app, other.token, await photo())).body.code).toBe(200);
  });

  it('counts a day: the next day the borrower may read again', async () => {
    const b = await borrower();
    await alreadyCounted(KTP_READS_PER_USER, b.userId, KTP_READS_PER_USER.max);
    expect((await uploadKtp(t.app, b.token, await photo())).body.code).toBe(4029);
    t.clock.advance(KTP_READS_PER_USER.windowSeconds + 1);
    // A day later the session has ended too: signed in again, the same account.
    const again = await borrower(b.phone);
    expect(again.userId).toBe(b.userId);
    expect((await uploadKtp(t.app, again.token, await photo())).body.code).toBe(200);
  });
});

describe('bank account checks: 10 a day for one account', () => {
  it('asks the bank a 10th time, refuses the 11th with when to try again (4029) before asking', async () => {
    const b = await borrower();
    expect((await uploadKtp(t.app, b.token, await photo())).body.code).toBe(200);
    expect((await post(t.app, b.token, '/v1/user/ktp', KTP)).body.code).toBe(200);
    await alreadyCounted(BANK_INQUIRIES_PER_USER, b.userId, BANK_INQUIRIES_PER_USER.max - 1);
    const account = (card_num: string) =>
      post(t.app, b.token, '/v1/user/bank', { bank: 'BCA', card_num, name: KTP.name });
    // A closed account (the sandbox bank's rule for ...000): asked, and counted.
    expect((await account('1234567000')).body.code).toBe(4271);
    const refused = await account('1234567890');
    expect(refused.body.code).toBe(4029);
    expect(refused.body.data).toMatchObject({ retry_after: expect.any(Number) });
    expect(await counted(BANK_INQUIRIES_PER_USER, b.userId)).toBe(BANK_INQUIRIES_PER_USER.max);
  });
});

describe('one address: many accounts cannot run up the costly calls', () => {
  it(`reads the ${KTP_READS_PER_ADDRESS.max}th KTP from an address in an hour, refuses the next account there (4029) without using its allowance`, async () => {
    const ip = newIp();
    await alreadyCounted(KTP_READS_PER_ADDRESS, ip, KTP_READS_PER_ADDRESS.max - 1);
    const first = await borrower();
    expect((await uploadKtp(t.app, first.token, await photo(), ip)).body.code).toBe(200);
    const second = await borrower();
    const refused = await uploadKtp(t.app, second.token, await photo(), ip);
    expect(refused.body.code).toBe(4029);
    expect(refused.body.data.retry_after).toBeGreaterThan(0);
    expect(refused.body.data.retry_after).toBeLessThanOrEqual(KTP_READS_PER_ADDRESS.windowSeconds);
    expect(await counted(KTP_READS_PER_USER, second.userId)).toBe(0);
    // The same account on another network reads.
    expect((await uploadKtp(t.app, second.token, await photo(), newIp())).body.code).toBe(200);
  });

  it(`asks the bank the ${BANK_INQUIRIES_PER_ADDRESS.max}th time from an address in an hour, then refuses (4029) before asking`, async () => {
    const ip = newIp();
    const b = await borrower();
    const { nik, birthDate } = testNik();
    expect((await uploadKtp(t.app, b.token, await photo())).body.code).toBe(200);
    const ktp = { ...KTP, cardid: nik, birth_date: birthDate };
    expect((await post(t.app, b.token, '/v1/user/ktp', ktp)).body.code).toBe(200);
    await alreadyCounted(BANK_INQUIRIES_PER_ADDRESS, ip, BANK_INQUIRIES_PER_ADDRESS.max - 1);
    const account = (card_num: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/user/bank',
        token: b.token,
        ip,
        payload: { bank: 'BCA', card_num, name: KTP.name },
      });
    expect((await account('1234567000')).body.code).toBe(4271);
    const refused = await account('1234567890');
    expect(refused.body.code).toBe(4029);
    expect(await counted(BANK_INQUIRIES_PER_USER, b.userId)).toBe(1);
    expect(await counted(BANK_INQUIRIES_PER_ADDRESS, ip)).toBe(BANK_INQUIRIES_PER_ADDRESS.max);
    // An hour later the address may ask again.
    t.clock.advance(BANK_INQUIRIES_PER_ADDRESS.windowSeconds + 1);
    const again = await borrower(b.phone);
    const answer = await call(t.app, {
      method: 'POST',
      url: '/api/v1/user/bank',
      token: again.token,
      ip,
      payload: { bank: 'BCA', card_num: '1234567890', name: KTP.name },
    });
    expect(answer.body.code).toBe(200);
  });
});

describe('KTP reading takes turns per borrower', () => {
  // A turn starts with the day's count (a rate_events row, in id order), then reads. Which read finishes first depends
  // on the machine; the order turns start in does not, once the other borrower's upload is sent during the first read.
  const turnStarts = async () =>
    (
      await t.database.db
        .select({ subject: rateEvents.subject })
        .from(rateEvents)
        .where(eq(rateEvents.bucket, KTP_READS_PER_USER.bucket))
        .orderBy(rateEvents.id)
    ).map((row) => row.subject);

  it("reads another borrower's photo after at most one of a borrower's six parallel uploads, and refuses a third at once", async () => {
    const busy = await borrower();
    const other = await borrower();
    const bytes = await plainPhoto('jpeg', 1600, 1000);
    const file = { filename: 'ktp.jpg', contentType: 'image/jpeg', bytes };
    const burst = Array.from({ length: 6 }, () => uploadKtp(t.app, busy.token, file));
    await vi.waitUntil(async () => (await turnStarts()).includes(key(busy.userId)), {
      interval: 5,
      timeout: 10_000,
    });
    const others = await uploadKtp(t.app, other.token, file);
    const answers = await Promise.all(burst);
    expect(others.body.code).toBe(200);
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.body.code === 4029)).toHaveLength(4);
    const order = (await turnStarts()).filter(
      (subject) => subject === key(busy.userId) || subject === key(other.userId),
    );
    expect(order).toEqual([key(busy.userId), key(other.userId), key(busy.userId)]);
  });
});
