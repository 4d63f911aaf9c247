import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, ledgerProblems } from '../../src/cli/ledger-check-command.ts';
import { callbackInbox } from '../../src/callbacks/callback-inbox-schema.ts';
import { DEV_PAYMENT_CALLBACK_TOKEN } from '../../src/env.ts';
import { JOB_SCHEMA } from '../../src/jobs/job-runner.ts';
import { OUTBOX_SWEEP } from '../../src/jobs/outbox-jobs.ts';
import { messageOutbox } from '../../src/jobs/outbox-schema.ts';
import { payments } from '../../src/modules/repayments/repayments-schema.ts';
import { XENDIT_TOKEN_HEADER } from '../../src/providers/payment-gateway/payment-callbacks.ts';
import { smsOutbox } from '../../src/providers/sms/dev-outbox-schema.ts';
import { storedFiles } from '../../src/providers/storage/stored-files-schema.ts';
import { signIn } from '../helpers/test-app.ts';
import { plainPhoto } from '../profile/profile-helpers.ts';
import { freePort, startServerProcess, useServerProcessDatabase } from '../helpers/server-process.ts';
import { codeFor, repayingBorrower } from '../repayments/repayment-helpers.ts';

// Three app processes on one PostgreSQL database, as a lender runs several instances behind a load balancer: every
// process takes callbacks and runs jobs and schedules. What must hold: a callback delivered to two processes applies
// once, each job runs once, a schedule's fire is sent once.
const onPostgres = Boolean(process.env.DATABASE_URL);
const PG_ONLY = 'PostgreSQL only: it runs server processes on one database';
const CALLBACK = '/api/payments/callback/sandbox';
const PROVIDER = 'sandbox-payment';
const BORROWERS = 10;
const ROUNDS = 20;
/** Less than any bill: each payment is a partial one, so every round's new code has something to pay. */
const PAYMENT = 10_000;

const processes = useServerProcessDatabase();

function postCallback(port: number, body: string) {
  return fetch(`http://127.0.0.1:${port}${CALLBACK}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [XENDIT_TOKEN_HEADER]: DEV_PAYMENT_CALLBACK_TOKEN },
    body,
  });
}

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  seconds: number,
): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(250);
  }
}

describe.skipIf(!onPostgres)(`three app processes on one database (${PG_ONLY})`, () => {
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  let cronChangedAt: Date;
  const disks: string[] = [];
  const disk = async (port: number) => {
    disks.push(await mkdtemp(join(tmpdir(), `kaskita-instance-${port}-`)));
    return disks.at(-1)!;
  };

  beforeAll(async () => {
    // One after another: the first migrates and creates the job queues, the others find them made.
    for (let instance = 0; instance < 3; instance++) {
      const port = await freePort();
      children.push(
        await startServerProcess(processes.testDb.url!, port, {
          JOB_WORKERS: 'true',
          JOB_SCHEDULES: 'true',
          JOB_POLL_SECONDS: '0.5',
          // Someone looks for due schedules every 2 s rather than 30: within a minute many looks, from all three.
          JOB_CRON_LOOK_SECONDS: '2',
          // Files in the database every instance shares; each instance's disk is its own, as on separate machines.
          FILE_STORAGE: 'postgres',
          STORAGE_DIR: await disk(port),
        }),
      );
      ports.push(port);
    }
    // The outbox sweep every minute rather than every ten: each process's look now finds a new fire every minute, and
    // only one of them may send it. Set after the starts, which would put the code's schedule back.
    await processes.testDb.database.db.execute(
      sql`update ${sql.raw(JOB_SCHEMA)}.schedule set cron = '* * * * *' where name = ${OUTBOX_SWEEP.name}`,
    );
    cronChangedAt = new Date();
  }, 180_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    for (const folder of disks) await rm(folder, { recursive: true, force: true });
  });

  it(
    `applies ${BORROWERS * ROUNDS} payment callbacks, each delivered to two processes at once, exactly once, and sends each receipt once`,
    { timeout: 240_000 },
    async () => {
      const db = processes.testDb.database.db;
      const borrowers = [];
      for (let i = 0; i < BORROWERS; i++)
        borrowers.push(await repayingBorrower(processes.setup, db, new Date()));
      // The borrowers' earlier messages (loan paid out ...) all sent, so what the SMS provider sends next is receipts.
      await eventually(
        () => db.$count(messageOutbox, eq(messageOutbox.status, 'pending')),
        (n) => n === 0,
        60,
      );
      const receipts = like(messageOutbox.idempotencyKey, 'payment-receipt:%');
      const receiptsBefore = await db.$count(messageOutbox, receipts);
      const smsBefore = await db.$count(smsOutbox);

      const paymentIds: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // A borrower's new code replaces the paid one, so the codes of a round are asked for before its payments.
        const codes = [];
        for (const b of borrowers) codes.push(await codeFor(processes.setup, b));
        const deliveries = codes.flatMap((code, i) => {
          const paymentId = `three-${round}-${code.code_id}`;
          paymentIds.push(paymentId);
          const body = JSON.stringify({
            id: `cb-${paymentId}`,
            payment_id: paymentId,
            external_id: code.code_id,
            amount: PAYMENT,
            bank_code: 'BCA',
            transaction_timestamp: new Date().toISOString(),
          });
          // The gateway's retry lands on another process than its first try, both at once.
          return [
            postCallback(ports[(i + round) % 3]!, body),
            postCallback(ports[(i + round + 1) % 3]!, body),
          ];
        });
        for (const answer of await Promise.all(deliveries)) expect(answer.status).toBe(200);
      }

      const applied = await db
        .select({ id: payments.providerPaymentId, status: payments.status, amount: payments.amount })
        .from(payments)
        .where(inArray(payments.providerPaymentId, paymentIds));
      expect(applied).toHaveLength(BORROWERS * ROUNDS);
      expect(new Set(applied.map((p) => p.id)).size).toBe(BORROWERS * ROUNDS);
      expect(applied.every((p) => p.status === 'applied' && Number(p.amount) === PAYMENT)).toBe(true);
      expect(
        await db.$count(
          callbackInbox,
          and(eq(callbackInbox.provider, PROVIDER), inArray(callbackInbox.eventId, paymentIds)),
        ),
      ).toBe(BORROWERS * ROUNDS);
      expect(ledgerProblems(await checkLedger(db))).toBe(0);

      // Each receipt is written once with its payment and sent once by whichever process's worker took its job.
      expect((await db.$count(messageOutbox, receipts)) - receiptsBefore).toBe(BORROWERS * ROUNDS);
      const pending = await eventually(
        () => db.$count(messageOutbox, and(receipts, eq(messageOutbox.status, 'pending'))),
        (n) => n === 0,
        60,
      );
      expect(pending).toBe(0);
      expect(await db.$count(messageOutbox, and(receipts, eq(messageOutbox.status, 'sent')))).toBe(
        BORROWERS * ROUNDS + receiptsBefore,
      );
      expect((await db.$count(smsOutbox)) - smsBefore).toBe(BORROWERS * ROUNDS);
    },
  );

  it(
    'sends each fire of a schedule once, however many looks the three processes take',
    { timeout: 180_000 },
    async () => {
      // Every sweep job since the change, by the fire it was sent for (a job sent otherwise has no fire key).
      const sent = async () =>
        (
          await processes.testDb.database.query(
            `select singleton_key as fire, count(*)::int as n,
                    count(*) filter (where state = 'completed')::int as done
             from (select singleton_key, created_on, state from ${JOB_SCHEMA}.job where name = $1
                   union all
                   select singleton_key, created_on, state from ${JOB_SCHEMA}.archive where name = $1) jobs
             where created_on >= $2
             group by 1 order by 1`,
            [OUTBOX_SWEEP.name, cronChangedAt],
          )
        ).rows as Array<{ fire: string | null; n: number; done: number }>;
      // Two fires of the every-minute cron: about thirty looks each from all three processes, across a minute's turn.
      await eventually(sent, (rows) => rows.length >= 2, 150);
      const fires = await eventually(sent, (rows) => rows.every((r) => r.done === r.n), 30);
      expect(fires.length).toBeGreaterThanOrEqual(2);
      for (const row of fires)
        expect(row).toMatchObject({ fire: expect.stringMatching(/^fire /), n: 1, done: 1 });
      // One a minute, none skipped: consecutive minutes.
      const minutes = fires.map((r) => Date.parse(r.fire!.slice('fire '.length)) / 60_000);
      expect(minutes.every((m, i) => Number.isInteger(m) && (i === 0 || m === minutes[i - 1]! + 1))).toBe(
        true,
      );
    },
  );

  it('shows a KTP photo uploaded through one instance when asked through the others', async () => {
    const { token } = await signIn(processes.setup);
    const form = new FormData();
    form.append('id_card', new Blob([await plainPhoto()], { type: 'image/jpeg' }), 'ktp.jpg');
    const upload = await fetch(`http://127.0.0.1:${ports[0]}/api/v1/user/ocr_check`, {
      method: 'POST',
      // As the web app sends it: `os` on calls that change state (the cross-site guard).
      headers: { authorization: token, os: '4' },
      body: form,
    });
    expect(((await upload.json()) as { code: number }).code).toBe(200);
    const photos = [];
    for (const port of ports) {
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/user/ktp_photo`, {
        headers: { authorization: token },
      });
      const body = (await res.json()) as { code: number; data: { data: string } };
      expect(body.code).toBe(200);
      photos.push(body.data.data);
    }
    expect(Buffer.from(photos[0]!, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(new Set(photos).size).toBe(1);
    // In the shared table, as ciphertext: no JPEG there.
    const [stored] = await processes.testDb.database.db
      .select({ bytes: storedFiles.bytes })
      .from(storedFiles)
      .where(like(storedFiles.key, 'ktp/%'));
    expect(stored).toBeDefined();
    expect(Buffer.from(stored!.bytes).includes(Buffer.from(photos[0]!, 'base64').subarray(0, 64))).toBe(
      false,
    );
  });
});
