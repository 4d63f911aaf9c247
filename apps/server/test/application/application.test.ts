import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { messageOutbox } from '../../src/db/schema.ts';
import { creditApplications, openLocation } from '../../src/modules/application/application-schema.ts';
import { CREDIT_DECISION } from '../../src/modules/application/credit-decision-job.ts';
import { users } from '../../src/modules/user/user-schema.ts';
import { jobRows, skipRetryWaits } from '../helpers/job-helpers.ts';
import { call, newPhone, signIn, useTestApp } from '../helpers/test-app.ts';
import { BASE, get, post } from '../profile/profile-helpers.ts';
import { completedBorrower, markChecksPassed, submit, type Borrower } from './application-helpers.ts';

const t = useTestApp();

async function applicationsOf(userId: string) {
  return t.database.db.select().from(creditApplications).where(eq(creditApplications.userId, userId));
}

/** The decision messages of an application (the outbox keys them by application). */
async function decisionMessages(applicationId: string) {
  return t.database.db
    .select()
    .from(messageOutbox)
    .where(like(messageOutbox.idempotencyKey, `credit-decision:${applicationId}:%`));
}

async function readyBorrower(serial?: string, income?: string): Promise<Borrower> {
  const b = await completedBorrower(t.app, { ...(serial ? { serial } : {}), ...(income ? { income } : {}) });
  await markChecksPassed(t.database.db, b.userId, t.clock.now());
  return b;
}

async function submitted(serial?: string, income?: string) {
  const b = await readyBorrower(serial, income);
  const { body } = await submit(t.app, b.token);
  expect(body.code, JSON.stringify(body)).toBe(200);
  await t.app.jobs.whenIdle();
  return b;
}

describe('submit', () => {
  it('is refused until the profile is complete, both checks passed and the location is known', async () => {
    const fresh = await completedBorrower(t.app);
    expect((await submit(t.app, fresh.token)).body.code).toBe(4281); // WhatsApp first
    const stranger = await signIn(t.app, newPhone());
    expect((await submit(t.app, stranger.token)).body.code).toBe(4280);

    await markChecksPassed(t.database.db, fresh.userId, t.clock.now());
    for (const location of [
      {},
      { lon: '106.8' },
      { lon: 'abc', lat: '-6.2' },
      { lon: '0', lat: '0' },
      { lon: '200', lat: '-6.2' },
    ]) {
      const { body } = await submit(t.app, fresh.token, location);
      expect(body.code, JSON.stringify(location)).toBe(4283);
      expect(body.msg).toContain('lokasi');
    }
    expect(await applicationsOf(fresh.userId)).toHaveLength(0);
  });

  it('decides once, then answers 4285 to another submit', async () => {
    const b = await submitted();
    expect((await submit(t.app, b.token)).body.code).toBe(4285);
    const apps = await applicationsOf(b.userId);
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({ state: 'approved' });
    // Stored encrypted, bound to the application's id.
    expect(openLocation(t.app.infra.dataProtection.cipher, apps[0]!.id, apps[0]!.locationEnc)).toEqual({
      longitude: '106.8271530',
      latitude: '-6.1753924',
    });
    const jobs = (await jobRows(t.database.db, CREDIT_DECISION.name)).filter(
      (j) => j.singleton_key === apps[0]!.id,
    );
    expect(jobs).toHaveLength(1);
    expect(await decisionMessages(apps[0]!.id)).toHaveLength(1);
  });

  it('locks the profile while the application is decided', async () => {
    const b = await readyBorrower();
    await submit(t.app, b.token);
    const { body } = await post(t.app, b.token, '/v1/user/base', BASE);
    expect(body.code).toBe(4262);
  });
});

describe('the credit decision', () => {
  it('approves a first-time borrower with a limit and the reasons record, and says so by SMS', async () => {
    const b = await submitted();
    const status = await get<{ verify: number }>(t.app, b.token, '/v2/user/status');
    expect(status.body.data.verify).toBe(2);
    const [application] = await applicationsOf(b.userId);
    expect(application).toMatchObject({ state: 'approved', decidedBy: 'rules', reasons: [] });
    expect(application!.limitAmount).toBeGreaterThan(0);
    const record = JSON.stringify(application!.decision);
    for (const rule of ['eligibility', 'platforms', 'affordability', 'scorecard'])
      expect(record).toContain(rule);
    expect(record).not.toMatch(/317101\d{10}/); // the NIK is never part of the stored explanation

    const limit = await get<{ approved: boolean; limit_amount: number; available_amount: number }>(
      t.app,
      b.token,
      '/v1/limit_amount',
    );
    expect(limit.body.data).toEqual({
      approved: true,
      limit_amount: application!.limitAmount,
      used_amount: 0,
      available_amount: application!.limitAmount,
    });
    const view = await get<Record<string, unknown>>(t.app, b.token, '/v1/user/application');
    expect(view.body.data).toMatchObject({
      state: 'approved',
      limit_amount: application!.limitAmount,
      reasons: [],
    });
    const [sms] = await decisionMessages(application!.id);
    expect(sms).toMatchObject({ channel: 'sms', status: 'sent', body: null }); // sent, and its text dropped
  });

  it.each([
    ['a loan 90+ days late elsewhere', '9903', 'serious_arrears_elsewhere'],
    ['loans on three other platforms', '9902', 'too_many_platforms'],
  ])('rejects a borrower with %s, with the reason and a reapply date', async (_, nik, reason) => {
    const b = await submitted(nik);
    const [application] = await applicationsOf(b.userId);
    expect(application).toMatchObject({ state: 'rejected', reapplyDate: '2026-04-01' });
    expect(application!.reasons).toContain(reason);
    const view = await get<{ reasons: Array<{ code: string; text: string }> }>(
      t.app,
      b.token,
      '/v1/user/application',
    );
    expect(view.body.data).toMatchObject({
      state: 'rejected',
      reapply_date: '2026-04-01',
      can_reapply: false,
    });
    expect(view.body.data.reasons.map((r) => r.code)).toContain(reason);
    expect(view.body.data.reasons.every((r) => r.text.length > 10)).toBe(true);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, b.userId));
    expect(user).toMatchObject({ verify: 3, reapplyOn: '2026-04-01' });
  });

  it('rejects when the smallest instalment is over 30% of income', async () => {
    const b = await submitted(undefined, '200000');
    const [application] = await applicationsOf(b.userId);
    expect(application!.reasons).toContain('unaffordable');
  });

  it('postpones, never approves, while the credit bureau is unavailable', async () => {
    const b = await readyBorrower('9906');
    expect((await submit(t.app, b.token)).body.code).toBe(200);
    await t.app.jobs.whenIdle();
    await skipRetryWaits(t.database.db);
    await t.app.jobs.whenIdle();
    const [application] = await applicationsOf(b.userId);
    expect(application).toMatchObject({ state: 'auditing', decidedAt: null, decision: null });
    const runs = (await jobRows(t.database.db, CREDIT_DECISION.name)).find(
      (j) => j.singleton_key === application!.id,
    );
    expect(runs!.retry_count).toBeGreaterThanOrEqual(1);
    const countdown = await call<{ countdown: number; verify: number }>(t.app, {
      method: 'POST',
      url: '/api/v5/user/credit_countdown',
      token: b.token,
      payload: {},
    });
    expect(countdown.body.data).toEqual({ countdown: 0, verify: 1, in_review: false });
  });

  it('decides once when the decision job runs twice (a run that outlived its expiry and its retry)', async () => {
    const b = await readyBorrower();
    expect((await submit(t.app, b.token)).body.code).toBe(200);
    const [application] = await applicationsOf(b.userId);
    await Promise.all([
      t.app.jobs.send(CREDIT_DECISION, { applicationId: application!.id }),
      t.app.jobs.send(CREDIT_DECISION, { applicationId: application!.id }),
    ]);
    t.app.jobs.wake(CREDIT_DECISION);
    await t.app.jobs.whenIdle();
    const decided = await applicationsOf(b.userId);
    expect(decided).toHaveLength(1);
    expect(decided[0]!.state).toBe('approved');
    expect(await decisionMessages(application!.id)).toHaveLength(1);
  });

  it('lets a reviewer override a decision through the service, keeping what it replaced', async () => {
    // The back office has no routes yet: it will call ApplicationService.override.
    const b = await submitted('9903');
    const [rejected] = await applicationsOf(b.userId);
    await t.app.applications.override(rejected!.id, {
      reviewerId: 'reviewer-7',
      outcome: 'approved',
      limitAmount: rupiah(1_500_000),
      note: 'arrears settled, letter seen',
    });
    const [approved] = await applicationsOf(b.userId);
    expect(approved).toMatchObject({
      state: 'approved',
      limitAmount: 1_500_000,
      decidedBy: 'reviewer:reviewer-7',
      reapplyDate: null,
      reasons: [],
    });
    expect(JSON.stringify(approved!.decision)).toContain('serious_arrears_elsewhere'); // the replaced decision
    expect((await get<{ verify: number }>(t.app, b.token, '/v2/user/status')).body.data.verify).toBe(2);
    expect(
      (await get<{ limit_amount: number }>(t.app, b.token, '/v1/limit_amount')).body.data.limit_amount,
    ).toBe(1_500_000);
  });
});

describe('reapplying after a rejection', () => {
  it('refuses before the date, then opens the profile and accepts a new submit', async () => {
    const b = await submitted('9903');
    const early = await submit(t.app, b.token);
    expect(early.body).toMatchObject({ code: 4284, data: { reapply_date: '2026-04-01' } });
    expect(
      (
        await post(t.app, b.token, '/v5/user/user_other_info', {
          email: 'b@example.com',
          residential_status: '1',
        })
      ).body.code,
    ).toBe(4262);

    t.clock.advance(30 * 86_400);
    b.token = (await signIn(t.app, b.phone)).token; // a month later: a new session
    const view = await get<{ can_reapply: boolean }>(t.app, b.token, '/v1/user/application');
    expect(view.body.data.can_reapply).toBe(true);
    expect(
      (
        await post(t.app, b.token, '/v5/user/user_other_info', {
          email: 'b@example.com',
          residential_status: '1',
        })
      ).body.code,
    ).toBe(200);
    const again = await submit(t.app, b.token);
    expect(again.body.code).toBe(200);
    await t.app.jobs.whenIdle();
    expect(await applicationsOf(b.userId)).toHaveLength(2);
  });
});

describe('countdown, feedback and privacy', () => {
  it('counts down to the configured delay, and a double submit queues one decision', async () => {
    const slow = await t.rebuild({ env: { CREDIT_DECISION_DELAY_SECONDS: 90 } });
    try {
      const b = await completedBorrower(slow);
      await markChecksPassed(t.database.db, b.userId, t.clock.now());
      const [first, second] = await Promise.all([submit(slow, b.token), submit(slow, b.token)]);
      expect(first.body.data).toEqual({ countdown: 90, verify: 1, in_review: false });
      expect(second.body.data).toEqual({ countdown: 90, verify: 1, in_review: false });
      const apps = await applicationsOf(b.userId);
      expect(apps).toHaveLength(1);
      const jobs = (await jobRows(t.database.db, CREDIT_DECISION.name)).filter(
        (j) => j.singleton_key === apps[0]!.id,
      );
      expect(jobs).toHaveLength(1);
      t.clock.advance(31);
      const { body } = await call<{ countdown: number }>(slow, {
        method: 'POST',
        url: '/api/v5/user/credit_countdown',
        token: b.token,
        payload: {},
      });
      expect(body.data).toEqual({ countdown: 59, verify: 1, in_review: false });
    } finally {
      await slow.close();
    }
  });

  it('stores feedback, five a day', async () => {
    const b = await submitted('9903');
    const send = (content: string) =>
      call(t.app, { method: 'POST', url: '/api/v1/feedback', token: b.token, payload: { content } });
    expect((await send('hi')).body).toMatchObject({
      code: 4000,
      data: { fields: { content: 'feedback.too_short' } },
    });
    for (let i = 0; i < 5; i++) expect((await send(`Mengapa saya ditolak? ${i}`)).body.code).toBe(200);
    const sixth = await send('Satu lagi pertanyaan');
    expect(sixth.body.code).toBe(4029);
    expect(sixth.body.data).toMatchObject({ retry_after: expect.any(Number) });
  });

  it("never answers another borrower's application", async () => {
    const rejected = await submitted('9903');
    const other = await completedBorrower(t.app);
    expect(
      (await get<{ state: string }>(t.app, rejected.token, '/v1/user/application')).body.data.state,
    ).toBe('rejected');
    const view = await get<{ state: string }>(t.app, other.token, '/v1/user/application');
    expect(view.body.data.state).toBe('none');
    const limit = await get<{ approved: boolean }>(t.app, other.token, '/v1/limit_amount');
    expect(limit.body.data.approved).toBe(false);
  });
});
