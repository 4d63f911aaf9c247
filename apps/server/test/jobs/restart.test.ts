import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageOutbox } from '../../src/db/schema.ts';
import { latestCode, newPhone, requestCode, useTestApp } from '../helpers/test-app.ts';

// The first app only enqueues (JOB_WORKERS=false, like an API-only instance, or a server stopped before its workers
// got to the job): what it queued must be delivered by the next app on the same database.
const t = useTestApp({ env: { JOB_WORKERS: false } });

describe('queued jobs survive a restart', () => {
  it('delivers the code a closed app enqueued once a new app starts on the same database', async () => {
    const phone = newPhone();
    expect((await requestCode(t.app, phone)).body.code).toBe(200);
    const pending = await t.database.db.select().from(messageOutbox);
    expect(pending.map((m) => m.status)).toEqual(['pending']);
    await t.app.close();

    const restarted = await t.rebuild({ env: { JOB_WORKERS: true } });
    expect(await latestCode(restarted, phone)).toMatch(/^\d{6}$/);
    const [sent] = await t.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.id, pending[0]!.id));
    expect(sent).toMatchObject({ status: 'sent', body: null });
  });
});
