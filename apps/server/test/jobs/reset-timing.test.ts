import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { normalisePhone } from '@kaskita/domain/validation/phone';
import { UserRepository } from '../../src/modules/user/user-repository.ts';
import type { SmsMessage, SmsProvider } from '../../src/providers/sms/sms-provider.ts';
import { call, newIp, newPhone, useTestApp } from '../helpers/test-app.ts';

const GATEWAY_MS = 500;
const delivered: SmsMessage[] = [];
/** A gateway that takes half a second per message: before the outbox, a known phone's reset waited for it. */
const slowGateway: SmsProvider = {
  name: 'slow',
  sandbox: true,
  async send(message) {
    await sleep(GATEWAY_MS);
    delivered.push(message);
  },
};

const t = useTestApp({ smsProvider: slowGateway });

async function timedReset(phone: string): Promise<number> {
  const started = performance.now();
  const { body } = await call(t.app, {
    method: 'POST',
    url: '/api/v1/reset_sms',
    payload: { phone },
    ip: newIp(),
  });
  const ms = performance.now() - started;
  expect(body).toEqual({ code: 200, msg: 'OK', data: { captcha: 0, resend_in: 60 } });
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('POST /api/v1/reset_sms with a slow gateway', () => {
  it('answers known and unknown phones in the same time, without waiting for the gateway; the SMS arrives later', async () => {
    const repo = new UserRepository(t.app.infra.dataProtection);
    const known = Array.from({ length: 7 }, () => newPhone());
    for (const phone of known) await repo.findOrCreate(t.database.db, normalisePhone(phone)!, t.clock.now());
    const unknown = Array.from({ length: 7 }, () => newPhone());

    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < known.length; i++) {
      knownMs.push(await timedReset(known[i]!));
      unknownMs.push(await timedReset(unknown[i]!));
    }
    // The first pair warms the code paths; the machine is shared, so medians and a wide margin.
    const k = median(knownMs.slice(1));
    const u = median(unknownMs.slice(1));
    expect(k).toBeLessThan(GATEWAY_MS / 2);
    expect(Math.abs(k - u)).toBeLessThan(100);

    expect(delivered.length).toBeLessThan(known.length);
    await t.app.jobs.whenIdle();
    expect(delivered.map((m) => m.to).sort()).toEqual(known.map((p) => normalisePhone(p)).sort());
    expect(delivered.every((m) => /\d{6}/.test(m.text))).toBe(true);
  });
});
