import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageOutbox, smsOutbox } from '../../src/db/schema.ts';
import { OUTBOX_DELIVERY, OUTBOX_SWEEP } from '../../src/jobs/outbox-jobs.ts';
import { OutboxRepository } from '../../src/jobs/outbox-repository.ts';
import { OutboxService } from '../../src/jobs/outbox-service.ts';
import type { SmsMessage, SmsProvider } from '../../src/providers/sms/sms-provider.ts';
import { jobRows, skipRetryWaits } from '../helpers/job-helpers.ts';
import { call, latestCode, newPhone, requestCode, signIn, useTestApp } from '../helpers/test-app.ts';
import { sentTo } from '../helpers/sealed-phones.ts';

const t = useTestApp();
const phone62 = (local: string) => `62${local.slice(1)}`;

async function outboxRows(recipient: string) {
  return t.database.db.select().from(messageOutbox).where(sentTo(t.app, recipient));
}

/** An outbox on the test app's job runner with its own gateway (the delivery job is the app's). */
function outboxWith(sms: SmsProvider) {
  const protection = t.app.infra.dataProtection;
  return new OutboxService(
    t.database.db,
    new OutboxRepository(protection),
    t.app.jobs,
    { sms },
    t.clock,
    protection.cipher,
  );
}

describe('SMS codes go through the outbox', () => {
  it('writes the message with the code, delivers it by a job, then forgets its body', async () => {
    const phone = newPhone();
    await requestCode(t.app, phone);
    const code = await latestCode(t.app, phone);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await outboxRows(phone62(phone));
    expect(row).toMatchObject({ channel: 'sms', status: 'sent', body: null, attempts: 1, lastError: null });
    expect(row!.idempotencyKey).toMatch(/^sms-code:[0-9a-f-]{36}$/);
    expect(row!.sentAt).toEqual(t.clock.now());
    // The job carries the message's id only: no code in pg-boss's tables.
    const job = (await jobRows(t.database.db, OUTBOX_DELIVERY.name)).find((j) => j.singleton_key === row!.id);
    expect(job).toMatchObject({ state: 'completed', data: { messageId: row!.id } });
    expect(JSON.stringify(job)).not.toContain(code);
  });

  it('withholds the reset code of an unknown phone: same rows and job, no body, nothing delivered', async () => {
    const unknown = newPhone();
    const { body } = await call(t.app, {
      method: 'POST',
      url: '/api/v1/reset_sms',
      payload: { phone: unknown },
    });
    expect(body.code).toBe(200);
    await t.app.jobs.whenIdle();
    const [row] = await outboxRows(phone62(unknown));
    expect(row).toMatchObject({ status: 'withheld', body: null, attempts: 0, sentAt: null });
    const job = (await jobRows(t.database.db, OUTBOX_DELIVERY.name)).find((j) => j.singleton_key === row!.id);
    expect(job?.state).toBe('completed');
    expect(
      await t.database.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.toPhone, phone62(unknown))),
    ).toEqual([]);
  });

  it('sends nothing when the business transaction rolls back, and one message per idempotency key', async () => {
    const sent: SmsMessage[] = [];
    const outbox = outboxWith({ name: 'spy', sandbox: true, send: async (m) => void sent.push(m) });
    const recipient = phone62(newPhone());
    const message = { channel: 'sms' as const, recipient, body: 'Halo 123456', deliver: true };
    await expect(
      t.database.db.transaction(async (tx) => {
        await outbox.enqueue(tx, { ...message, idempotencyKey: 'test:rolled-back' });
        throw new Error('business change failed');
      }),
    ).rejects.toThrowError('business change failed');
    for (let i = 0; i < 2; i++)
      await t.database.db.transaction((tx) =>
        outbox.enqueue(tx, { ...message, idempotencyKey: 'test:once' }),
      );
    outbox.wake();
    await t.app.jobs.whenIdle();
    expect(await outboxRows(recipient)).toHaveLength(1);
    // The app's delivery job uses the app's gateway (the dev outbox), not the spy: count what arrived there.
    const arrived = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, recipient));
    expect(arrived.map((m) => m.text)).toEqual(['Halo 123456']);
    expect(arrived[0]?.code).toBe('123456');
  });
});

describe('a failing gateway', () => {
  const failing: SmsProvider = {
    name: 'down',
    sandbox: true,
    send: async () => {
      throw new Error('gateway 503');
    },
  };
  const f = useTestApp({ smsProvider: failing });

  it('is retried, then the message is failed without its body and the job is kept as failed on /dev/jobs', async () => {
    const phone = newPhone();
    expect((await requestCode(f.app, phone)).body.code).toBe(200);
    const db = f.database.db;
    const [row] = await db
      .select()
      .from(messageOutbox)
      .where(sentTo(f.app, phone62(phone)));
    const job = async () =>
      (await jobRows(db, OUTBOX_DELIVERY.name)).find((j) => j.singleton_key === row!.id);
    for (let attempt = 1; attempt <= OUTBOX_DELIVERY.retry.limit + 1; attempt++) {
      const last = attempt === OUTBOX_DELIVERY.retry.limit + 1;
      await expect
        .poll(async () => ((j) => j && [j.state, j.retry_count])(await job()), { timeout: 5000 })
        .toEqual([last ? 'failed' : 'retry', attempt - 1]);
      await skipRetryWaits(db);
      f.app.jobs.wake(OUTBOX_DELIVERY);
    }
    const [failed] = await db.select().from(messageOutbox).where(eq(messageOutbox.id, row!.id));
    expect(failed).toMatchObject({ status: 'failed', body: null, attempts: 5, lastError: 'gateway 503' });
    const page = await f.app.inject({ method: 'GET', url: '/dev/jobs' });
    const failedSection = page.body.slice(page.body.indexOf('id="failed"'), page.body.indexOf('id="done"'));
    expect(failedSection).toContain(row!.id);
    expect(failedSection).toContain('gateway 503');
    expect(failedSection).toContain('5 / 5');
  });

  it('gives up messages still pending after an hour when the sweep runs (business time from the clock)', async () => {
    const db = f.database.db;
    const repo = new OutboxRepository(f.app.infra.dataProtection);
    const stuck = await repo.insert(db, {
      channel: 'sms',
      recipient: phone62(newPhone()),
      body: 'kode 654321',
      status: 'pending',
      idempotencyKey: 'test:stuck',
      now: f.clock.now(),
    });
    await f.app.jobs.trigger(OUTBOX_SWEEP);
    await f.app.jobs.whenIdle();
    expect((await repo.find(db, stuck))?.status).toBe('pending');
    f.clock.advance(3601);
    await f.app.jobs.trigger(OUTBOX_SWEEP);
    await f.app.jobs.whenIdle();
    expect(await repo.find(db, stuck)).toMatchObject({
      status: 'failed',
      body: null,
      lastError: 'not delivered within an hour',
    });
  });
});

describe('the sign-in flow on the outbox', () => {
  it('still signs in with the delivered code', async () => {
    const session = await signIn(t.app);
    expect(session.token).toBeTruthy();
  });
});
