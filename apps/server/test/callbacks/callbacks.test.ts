import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capturedLogger } from '../helpers/captured-log.ts';
import { callbackInbox } from '../../src/db/schema.ts';
import { loadEnv } from '../../src/env.ts';
import { TEST_ENV, useTestApp } from '../helpers/test-app.ts';
import {
  CREATE_FAKE_PAYMENTS,
  FAKE_SNAP_SECRET,
  FAKE_XENDIT_TOKEN,
  FakeProvider,
  fakePayments,
  midtransBody,
  sendMidtrans,
  sendSnap,
  sendXendit,
  snapHeaders,
  type SnapBody,
} from './fake-provider.ts';

const { lines, logger } = capturedLogger();

const fake = new FakeProvider();
const t = useTestApp({ callbackEndpoints: fake.endpoints, logger });
const onPostgres = Boolean(process.env.DATABASE_URL);
const BODY_LIMIT = TEST_ENV.BODY_LIMIT_BYTES ?? loadEnv({}).BODY_LIMIT_BYTES;

beforeAll(async () => {
  await t.database.db.execute(CREATE_FAKE_PAYMENTS);
});

beforeEach(() => {
  fake.failuresLeft = 0;
  fake.handlerDelayMs = 0;
});

/** A PENDING payment of `amount`, nothing credited yet. */
async function newPayment(amount = 150_000): Promise<string> {
  const id = `pay-${randomUUID()}`;
  await t.database.db.insert(fakePayments).values({ id, status: 'PENDING', amount, credited: 0 });
  return id;
}

async function payment(id: string) {
  const [row] = await t.database.db.select().from(fakePayments).where(eq(fakePayments.id, id));
  return row!;
}

async function inboxRows(provider: string, eventId: string) {
  return t.database.db
    .select()
    .from(callbackInbox)
    .where(sql`${callbackInbox.provider} = ${provider} and ${callbackInbox.eventId} = ${eventId}`);
}

const now = () => t.clock.now().toISOString();

function received(paymentId: string, amount: number, extra: Partial<SnapBody> = {}): string {
  return JSON.stringify({
    id: `evt-${randomUUID()}`,
    type: 'payment.received',
    payment_id: paymentId,
    amount,
    occurred_at: now(),
    ...extra,
  });
}

function statusEvent(paymentId: string, status: string): string {
  return JSON.stringify({
    id: `evt-${randomUUID()}`,
    type: 'payment.status',
    payment_id: paymentId,
    status,
    occurred_at: now(),
  });
}

const eventIdOf = (rawBody: string) => (JSON.parse(rawBody) as { id: string }).id;

describe('provider callbacks', () => {
  it('applies a verified callback once and records it in the inbox with a hash of its body', async () => {
    const id = await newPayment();
    const body = received(id, 150_000);
    const answer = await sendSnap(t.app, body, { timestamp: now() });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 200, data: { event_id: eventIdOf(body), outcome: 'applied' } });
    expect((await payment(id)).credited).toBe(150_000);

    const [row, ...more] = await inboxRows('fake-snap', eventIdOf(body));
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      type: 'payment.received',
      outcome: 'applied',
      bodyHash: createHash('sha256').update(body).digest('hex'),
      receivedAt: t.clock.now(),
      processedAt: t.clock.now(),
    });
  });

  it('acknowledges a replayed callback and changes nothing', async () => {
    const id = await newPayment();
    const body = received(id, 150_000);
    const first = await sendSnap(t.app, body, { timestamp: now() });
    t.clock.advance(30);
    // The provider's retry: same body, signed again at its new time.
    const retry = await sendSnap(t.app, body, { timestamp: now() });
    const again = await sendSnap(t.app, body, { timestamp: now() });
    expect([first.status, retry.status, again.status]).toEqual([200, 200, 200]);
    expect(retry.body).toMatchObject({ code: 200, data: { outcome: 'replay' } });
    expect(again.body).toMatchObject({ code: 200, data: { outcome: 'replay' } });
    // payment.received adds money: only the inbox keeps the retries from counting it again.
    expect((await payment(id)).credited).toBe(150_000);
    expect(await inboxRows('fake-snap', eventIdOf(body))).toHaveLength(1);
  });

  it('refuses and logs a replay whose body differs from the first, without applying it', async () => {
    const id = await newPayment();
    const body = received(id, 150_000);
    expect((await sendSnap(t.app, body, { timestamp: now() })).status).toBe(200);
    lines.length = 0;
    const altered = JSON.stringify({ ...JSON.parse(body), amount: 900_000 });
    const answer = await sendSnap(t.app, altered, { timestamp: now() });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe(4090);
    expect((await payment(id)).credited).toBe(150_000);
    const [row] = await inboxRows('fake-snap', eventIdOf(body));
    expect(row!.bodyHash).toBe(createHash('sha256').update(body).digest('hex'));
    expect(lines.join('')).toContain('suspicious');
  });

  it('refuses a forged, tampered or unsigned callback with 401 and writes nothing', async () => {
    const id = await newPayment();
    const body = received(id, 150_000);
    const forged = await sendSnap(t.app, body, { timestamp: now(), secret: 'not-the-providers-secret' });
    const tampered = await sendSnap(t.app, JSON.stringify({ ...JSON.parse(body), amount: 1 }), {
      timestamp: now(),
      headers: snapHeaders(body, now()),
    });
    const unsigned = await sendSnap(t.app, body, { timestamp: now(), headers: { 'x-timestamp': now() } });
    for (const answer of [forged, tampered, unsigned]) {
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe(4031);
    }
    expect(await payment(id)).toMatchObject({ status: 'PENDING', credited: 0 });
    expect(await inboxRows('fake-snap', eventIdOf(body))).toHaveLength(0);
  });

  it('refuses a correctly signed callback whose timestamp is outside the 5-minute window', async () => {
    const id = await newPayment();
    const body = received(id, 150_000);
    const at = (seconds: number) => new Date(t.clock.now().getTime() + seconds * 1000).toISOString();
    const stale = await sendSnap(t.app, body, { timestamp: at(-301) });
    const future = await sendSnap(t.app, body, { timestamp: at(301) });
    expect([stale.status, future.status]).toEqual([401, 401]);
    expect(stale.body.code).toBe(4031);
    expect((await payment(id)).credited).toBe(0);
    expect(await inboxRows('fake-snap', eventIdOf(body))).toHaveLength(0);
    // The same body four minutes late is inside the window: it was the timestamp, not the body, that was refused.
    expect((await sendSnap(t.app, body, { timestamp: at(-240) })).status).toBe(200);
    expect((await payment(id)).credited).toBe(150_000);
  });

  it('ignores a status that would move backwards (PENDING or FAILED arriving after PAID)', async () => {
    const id = await newPayment();
    const paid = await sendSnap(t.app, statusEvent(id, 'PAID'), { timestamp: now() });
    expect(paid.body).toMatchObject({ code: 200, data: { outcome: 'applied' } });
    const latePending = statusEvent(id, 'PENDING');
    const lateFailed = statusEvent(id, 'FAILED');
    for (const late of [latePending, lateFailed]) {
      const answer = await sendSnap(t.app, late, { timestamp: now() });
      // Acknowledged (the provider must stop sending it) but not applied.
      expect(answer.body).toMatchObject({ code: 200, data: { outcome: 'ignored' } });
    }
    expect((await payment(id)).status).toBe('PAID');
    const [row] = await inboxRows('fake-snap', eventIdOf(latePending));
    expect(row!.outcome).toBe('ignored');
  });

  it('rolls back the inbox row and the business change when the handler fails, so the retry applies', async () => {
    const id = await newPayment();
    const body = received(id, 150_000);
    fake.failuresLeft = 1;
    lines.length = 0;
    const failed = await sendSnap(t.app, body, { timestamp: now() });
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe(5000);
    expect(JSON.stringify(failed.body)).not.toContain('fake handler failure');
    expect((await payment(id)).credited).toBe(0);
    expect(await inboxRows('fake-snap', eventIdOf(body))).toHaveLength(0);
    const logged = lines.find((line) => line.includes('callback handler failed'));
    expect(logged).toContain('fake handler failure');

    t.clock.advance(60);
    const retry = await sendSnap(t.app, body, { timestamp: now() });
    expect(retry.body).toMatchObject({ code: 200, data: { outcome: 'applied' } });
    expect((await payment(id)).credited).toBe(150_000);
    // The app is still up and answering.
    expect((await sendSnap(t.app, body, { timestamp: now() })).body.data?.outcome).toBe('replay');
  });

  it('answers 400 to a verified body it cannot read, and writes nothing', async () => {
    const id = await newPayment();
    const notJson = '{"id": "evt-broken", ';
    const wrongShape = JSON.stringify({ id: 'evt-shape', type: 'payment.received', payment_id: id });
    for (const body of [notJson, wrongShape]) {
      const answer = await sendSnap(t.app, body, { timestamp: now() });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(4002);
    }
    expect(await inboxRows('fake-snap', 'evt-shape')).toHaveLength(0);
    expect((await payment(id)).credited).toBe(0);
  });

  it("verifies a shared token header (Xendit style) and answers in the provider's own format", async () => {
    const id = await newPayment();
    const body = JSON.stringify({ id: `x-${randomUUID()}`, external_id: id, status: 'PAID' });
    const wrong = await sendXendit(t.app, body, `${FAKE_XENDIT_TOKEN}x`);
    const missing = await sendXendit(t.app, body, undefined);
    expect([wrong.status, missing.status]).toEqual([401, 401]);
    expect((await payment(id)).status).toBe('PENDING');
    const right = await sendXendit(t.app, body, FAKE_XENDIT_TOKEN);
    expect(right.status).toBe(200);
    expect(right.body).toEqual({
      responseCode: '2002500',
      responseMessage: 'Successful',
      outcome: 'applied',
    });
    expect((await payment(id)).status).toBe('PAID');
  });

  it('verifies a SHA-512 signature over body fields (Midtrans style), one event per transaction status', async () => {
    const id = await newPayment();
    const fields = { transaction_id: randomUUID(), order_id: id, gross_amount: '150000.00' };
    const forged = midtransBody({ ...fields, transaction_status: 'settlement' }, 'SB-Mid-server-guess');
    expect((await sendMidtrans(t.app, forged)).status).toBe(401);
    const pending = await sendMidtrans(t.app, midtransBody({ ...fields, transaction_status: 'pending' }));
    const settled = await sendMidtrans(t.app, midtransBody({ ...fields, transaction_status: 'settlement' }));
    expect(pending.body).toMatchObject({ code: 200, data: { outcome: 'ignored' } });
    expect(settled.body).toMatchObject({ code: 200, data: { outcome: 'applied' } });
    expect((await payment(id)).status).toBe('PAID');
  });

  it('needs no H5 headers, accepts any content type as raw bytes, and leaves the rest of the API unchanged', async () => {
    const id = await newPayment();
    const body = received(id, 10_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/callbacks/fake-snap/payments',
      payload: body,
      headers: { 'content-type': 'text/plain', ...snapHeaders(body, now()) },
    });
    expect(res.statusCode).toBe(200);
    // Without a content type too: the bytes are what is signed, whatever they are labelled.
    const unlabelled = received(id, 5_000);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/callbacks/fake-snap/payments',
      payload: Buffer.from(unlabelled),
      headers: snapHeaders(unlabelled, now()),
    });
    expect(bare.statusCode).toBe(200);
    expect((await payment(id)).credited).toBe(15_000);
    // Elsewhere text/plain is still refused and JSON still parsed into fields.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: 'hello',
      headers: { 'content-type': 'text/plain', os: '4' },
    });
    expect(plain.json()).toMatchObject({ code: 4150 });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone: 'x' },
      headers: { os: '4' },
    });
    expect(json.json()).toMatchObject({ code: 4001 });
  });

  it('refuses a body over the limit with 413 before verifying it', async () => {
    const id = await newPayment();
    const body = received(id, 10_000, { payer_name: 'x'.repeat(BODY_LIMIT) });
    const answer = await sendSnap(t.app, body, { timestamp: now() });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe(4130);
    expect((await payment(id)).credited).toBe(0);
  });

  it('never logs the raw body, signatures or secrets', async () => {
    const id = await newPayment();
    const payer = 'Siti Rahmawati Binti Example';
    const body = received(id, 20_000, { payer_name: payer });
    lines.length = 0;
    const headers = snapHeaders(body, now());
    await sendSnap(t.app, body, { timestamp: now(), headers });
    await sendSnap(t.app, body, { timestamp: now(), headers }); // replay
    await sendSnap(t.app, body, { timestamp: now(), secret: 'forged-secret' }); // refused
    fake.failuresLeft = 1;
    await sendSnap(t.app, received(id, 1, { payer_name: payer }), { timestamp: now() }); // handler failure
    await sendXendit(
      t.app,
      JSON.stringify({ id: 'x-log', external_id: id, status: 'PAID' }),
      FAKE_XENDIT_TOKEN,
    );
    const log = lines.join('');
    expect(log).toContain('callback acknowledged');
    for (const secret of [payer, headers['x-signature'], FAKE_SNAP_SECRET, FAKE_XENDIT_TOKEN, '"amount"']) {
      expect(log).not.toContain(secret);
    }
  });

  it.skipIf(!onPostgres)(
    'applies a callback once when copies arrive concurrently (PostgreSQL only: PGlite runs one query at a time)',
    async () => {
      const id = await newPayment();
      const body = received(id, 150_000);
      // Each handler run sleeps inside its transaction, so the copies overlap there.
      fake.handlerDelayMs = 300;
      const runsBefore = fake.handlerRuns;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => sendSnap(t.app, body, { timestamp: now() })),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((a) => a.body.data?.outcome).sort()).toEqual([
        'applied',
        'replay',
        'replay',
        'replay',
        'replay',
      ]);
      expect(fake.handlerRuns - runsBefore).toBe(1);
      expect((await payment(id)).credited).toBe(150_000);
      expect(await inboxRows('fake-snap', eventIdOf(body))).toHaveLength(1);
    },
  );
});
