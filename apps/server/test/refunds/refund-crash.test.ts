import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { ledgerEntries } from '../../src/modules/ledger/ledger-schema.ts';
import { freePort, startServerProcess } from '../helpers/server-process.ts';
import { TEST_ENV } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { finishAtBank } from '../loans/loan-helpers.ts';
import { expectFinished, OVERPAID, overpaidBorrower, refundAtBank, refundOfLoan } from './refund-helpers.ts';

// A server killed after it claimed a refund try and before the provider accepted it: the refund is neither lost nor
// paid twice. Server processes on one PostgreSQL database.
const onPostgres = Boolean(process.env.DATABASE_URL);
const PG_ONLY = 'PostgreSQL only: it runs server processes on one database';

describe.skipIf(!onPostgres)(
  `a server killed between the refund row and the provider call (${PG_ONLY})`,
  () => {
    let testDb: TestDatabase | undefined;
    const apps: FastifyInstance[] = [];
    const build = async (env: Record<string, unknown>) => {
      const app = await buildApp({
        envSource: {},
        logger: false,
        database: testDb!.database,
        env: { ...TEST_ENV, ...env },
      });
      apps.push(app);
      return app;
    };
    afterAll(async () => {
      for (const app of apps) await app.close();
      await testDb?.destroy();
    });

    it(
      'asks the bank again with the same external id after a restart: one payout, booked once',
      { timeout: 150_000 },
      async () => {
        testDb = await createTestDatabase();
        const db = testDb.database.db;
        // The scene: a loan paid off with Rp182.000 too much; its refund waits for approval, so no worker here sends it.
        const scene = await build({ REFUND_AUTO_MAX: 0, REFUND_AUTO_APPROVE: false });
        const b = await overpaidBorrower(scene, db, new Date());
        const refund = (await refundOfLoan(db, b.loanId))!;
        expect(refund.state).toBe('awaiting_approval');
        await scene.close();

        // Staff approve it from an API-only process: the send job is queued for whichever process works jobs.
        const api = await build({ JOB_WORKERS: false });
        await api.infra.commands.run(
          api.refunds.service.approveCommand,
          { refundId: refund.id },
          { kind: 'staff', staffId: 'staff-1', permissions: ['refunds.approve'] },
          { reason: 'checked' },
        );

        // The sandbox bank's book is locked: the worker claims the try ('sending', committed) and stops at the provider.
        const holder = new pg.Client({ connectionString: testDb.url });
        await holder.connect();
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE sandbox_disbursements IN EXCLUSIVE MODE');
        const port = await freePort();
        const worker = await startServerProcess(testDb.url!, port, {
          JOB_WORKERS: 'true',
          JOB_POLL_SECONDS: '0.5',
        });
        const deadline = Date.now() + 30_000;
        for (;;) {
          const { rows } = await holder.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if ((rows[0] as { n: number }).n > 0 && (await refundOfLoan(db, b.loanId))?.state === 'sending')
            break;
          if (Date.now() > deadline) throw new Error('the worker never reached the provider');
          await new Promise((r) => setTimeout(r, 100));
        }
        worker.kill('SIGKILL');
        await new Promise((resolve) => worker.once('exit', resolve));
        await holder.query('ROLLBACK');
        await holder.end();

        // Killed before any answer: the try stays 'sending' (never 'pending'), nothing is booked, the credit is held. The
        // killed request's insert was already with PostgreSQL, so the bank got it once the lock went: it reached the
        // provider and we never heard back, the case that must not pay twice.
        expect(await refundOfLoan(db, b.loanId)).toMatchObject({ state: 'sending', attempt: 1 });
        for (let i = 0; (await refundAtBank(db, refund.id)).length === 0 && i < 50; i++)
          await new Promise((r) => setTimeout(r, 100));
        expect(await refundAtBank(db, refund.id)).toHaveLength(1);
        expect(
          await db.select().from(ledgerEntries).where(eq(ledgerEntries.movement, 'credit-refund')),
        ).toEqual([]);

        // A restarted worker: the killed run's job expires (its time moved on here) and is retried.
        const restarted = await build({});
        await db.execute(
          sql`UPDATE pgboss.job SET started_on = now() - interval '1 day' WHERE name = 'refund.send' AND state = 'active'`,
        );
        await restarted.jobs.maintain();
        await db.execute(
          sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'refund.send' AND state = 'retry'`,
        );
        await restarted.jobs.whenIdle();
        expect(await refundOfLoan(db, b.loanId)).toMatchObject({ state: 'pending', attempt: 1 });
        const atBank = await refundAtBank(db, refund.id);
        expect(atBank.map((r) => r.externalId)).toEqual([`refund-${refund.id}-1`]);

        expectFinished(await finishAtBank(restarted, atBank[0]!.reference, 'complete'));
        await restarted.jobs.whenIdle();
        expect(await refundOfLoan(db, b.loanId)).toMatchObject({ state: 'completed', amount: OVERPAID });
        const entries = await db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.loanId, b.loanId), eq(ledgerEntries.movement, 'credit-refund')));
        expect(entries).toHaveLength(1);
        expect(ledgerProblems(await checkLedger(db))).toBe(0);
      },
    );
  },
);
