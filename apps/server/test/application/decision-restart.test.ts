import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageOutbox } from '../../src/db/schema.ts';
import { creditApplications } from '../../src/modules/application/application-schema.ts';
import { CREDIT_DECISION } from '../../src/modules/application/credit-decision-job.ts';
import { useTestApp } from '../helpers/test-app.ts';
import { get } from '../profile/profile-helpers.ts';
import { completedBorrower, markChecksPassed, submit } from './application-helpers.ts';

// The app that takes the submit queues the decision but runs none (JOB_WORKERS=false: an API-only instance, or a
// server stopped before its worker finished the job): the next app on the same database must decide it exactly once.
const t = useTestApp();

describe('a credit decision across a restart', () => {
  it('is made once by the next app, and a repeated run of its job changes nothing', async () => {
    const b = await completedBorrower(t.app);
    await markChecksPassed(t.database.db, b.userId, t.clock.now());
    await t.app.close();
    const apiOnly = await t.rebuild({ env: { JOB_WORKERS: false } });
    expect((await submit(apiOnly, b.token)).body.code).toBe(200);
    await apiOnly.close();
    expect(await t.database.db.select().from(creditApplications)).toMatchObject([{ state: 'auditing' }]);

    const restarted = await t.rebuild({ env: { JOB_WORKERS: true } });
    await restarted.jobs.whenIdle();
    const [decided] = await t.database.db.select().from(creditApplications);
    expect(decided).toMatchObject({ state: 'approved', decidedBy: 'rules' });
    expect((await get<{ verify: number }>(restarted, b.token, '/v2/user/status')).body.data.verify).toBe(2);

    // The same job again (a run that outlived its expiry is retried, at least once): nothing is written twice.
    await restarted.jobs.send(CREDIT_DECISION, { applicationId: decided!.id });
    restarted.jobs.wake(CREDIT_DECISION);
    await restarted.jobs.whenIdle();
    const [after] = await t.database.db.select().from(creditApplications);
    expect(after!.decidedAt).toEqual(decided!.decidedAt);
    const messages = await t.database.db
      .select()
      .from(messageOutbox)
      .where(like(messageOutbox.idempotencyKey, `credit-decision:${decided!.id}:%`));
    expect(messages).toHaveLength(1);
    await restarted.close();
  });
});
