// The server side of the loans bench (bench/loans-bench.ts starts it as a child process). On the database named by
// BENCH_DATABASE_URL (PostgreSQL) or BENCH_DATA_DIR (PGlite): the real app with two approved borrowers made through the
// same calls as the web (onboarding, checks, submit, the credit decision), and the bench-only raw route (one
// primary-key SELECT). Borrower A plans and orders; borrower B's loan was disbursed, and its completed callback is
// handed to the parent signed, to be replayed. Prints one JSON line once everything listens.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { rupiah } from '@kaskita/domain/money/rupiah';
import { buildApp } from '../apps/server/src/app.ts';
import { users } from '../apps/server/src/db/schema.ts';
import { DEV_DISBURSEMENT_CALLBACK_SECRET, DEV_PAYMENT_CALLBACK_TOKEN } from '../apps/server/src/env.ts';
import { paymentCodes } from '../apps/server/src/modules/repayments/repayments-schema.ts';
import {
  SIGNATURE_HEADER,
  signSandboxCallback,
  TIMESTAMP_HEADER,
} from '../apps/server/src/providers/disbursement/disbursement-callback.ts';
import { sandboxDisbursements } from '../apps/server/src/providers/disbursement/sandbox-disbursement-schema.ts';
import {
  approvedBorrower,
  finishAtBank,
  order,
  pendingAtBank,
} from '../apps/server/test/loans/loan-helpers.ts';
import { startBenchApp } from './bench-app.ts';

const url = process.env.BENCH_DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
if (!url && !dataDir) throw new Error('BENCH_DATABASE_URL or BENCH_DATA_DIR is required');

const bench = await startBenchApp(
  url ? { kind: 'postgres', url, poolSize: 10 } : { kind: 'pglite', dataDir: dataDir! },
  {
    CREDIT_DECISION_DELAY_SECONDS: 0,
    ACCOUNT_INQUIRY_SANDBOX_DELAY_MS: 0,
    DISBURSEMENT_SANDBOX_DELAY_SECONDS: -1,
    LOG_LEVEL: 'error',
  },
);
const { db } = bench.database;
const PAYMENT_CODES = 700;

try {
  const a = await approvedBorrower(bench.app, db, new Date());
  const b = await approvedBorrower(bench.app, db, new Date());
  const placed = await order(bench.app, b.token);
  const reference = await pendingAtBank(bench.app, db, placed.body.data.order_id);
  await finishAtBank(bench.app, reference, 'complete');
  const [atBank] = await db
    .select()
    .from(sandboxDisbursements)
    .where(eq(sandboxDisbursements.reference, reference));
  const callbackBody = atBank!.callbackBody!;
  // Payment codes for B's loan, each to be paid 100 rupiah by one callback in the payments bench (a real gateway's
  // virtual account takes one payment: a fresh code per request keeps every callback on the applying path).
  const now = new Date();
  await db.insert(paymentCodes).values(
    Array.from({ length: PAYMENT_CODES }, (_, k) => ({
      id: `bench-code-${k}`,
      userId: b.userId,
      loanId: placed.body.data.order_id,
      channelId: 'VA_BCA',
      provider: 'sandbox',
      number: String(3910800000000 + k),
      amount: rupiah(100),
      repaymentType: 'instalment',
      billNumber: 1,
      businessDate: now.toISOString().slice(0, 10),
      status: 'active',
      expiresAt: new Date(now.getTime() + 86_400_000),
      createdAt: now,
      updatedAt: now,
    })),
  );
  const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, a.userId)).limit(1);
  bench.raw.get('/api/bench/raw', async () => {
    const [row] = await db.select().from(users).where(eq(users.id, user!.id)).limit(1);
    return { code: 200, msg: 'OK', data: { id: row?.id ?? null } };
  });
  // The app under load keeps orders cancellable (their money never leaves during the bench), so borrower A can order
  // and cancel in turn; it shares the database (and the sandbox bank) with the app that set up.
  const served = await buildApp({
    envSource: {},
    env: {
      NODE_ENV: 'development',
      WEB_DIST_DIR: '/nonexistent/kaskita-bench-dist',
      DISBURSEMENT_SANDBOX_DELAY_SECONDS: -1,
      DISBURSEMENT_COOLING_OFF_SECONDS: 3600,
      JOB_WORKERS: false,
    },
    database: bench.database,
    logger: false,
  });
  const urls = await bench.listen();
  await served.listen({ host: '127.0.0.1', port: 0 });
  urls.appUrl = `http://127.0.0.1:${(served.server.address() as AddressInfo).port}`;
  process.stdout.write(
    `${JSON.stringify({
      ...urls,
      token: a.token,
      repayingToken: b.token,
      paymentToken: DEV_PAYMENT_CALLBACK_TOKEN,
      paymentCodes: PAYMENT_CODES,
      callback: {
        body: callbackBody,
        headers: {
          'content-type': 'application/json',
          [TIMESTAMP_HEADER]: timestamp,
          [SIGNATURE_HEADER]: signSandboxCallback(DEV_DISBURSEMENT_CALLBACK_SECRET, timestamp, callbackBody),
        },
      },
    })}\n`,
  );
} catch (error) {
  await bench.fail(error);
}
