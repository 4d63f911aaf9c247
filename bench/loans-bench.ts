// Loans benchmark: GET /api/v1/order/plan_v2 (the engine's whole plan, signed in), an order and its cooling-off cancel
// (POST /api/v1/order/loan renders and hashes the agreement PDF and queues the disbursement; one connection, since one
// borrower may hold one open loan), and a replayed disbursement callback (signature, timestamp, inbox), each against
// the raw one-query route measured in the same run with the same connections; then GET /api/v1/order/bill of a
// disbursed loan and payment callbacks, each a new payment applied. PGlite always; PostgreSQL when one answers. The
// servers run in a child process (serve-loans-bench-app.ts).
import { LOAN_AGREEMENT_VERSION } from '../apps/server/src/modules/loans/loan-agreement-text.ts';
import { ORDER } from '../apps/server/test/loans/loan-helpers.ts';
import { compareRoutes, LOAD_DESCRIPTION } from './autocannon-compare.ts';
import { startBenchChild, stopBenchChild } from './bench-child.ts';
import { onEachDatabase } from './bench-databases.ts';

interface Served {
  appUrl: string;
  rawUrl: string;
  token: string;
  repayingToken: string;
  paymentToken: string;
  paymentCodes: number;
  callback: { body: string; headers: Record<string, string> };
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const { child, served } = await startBenchChild<Served>('serve-loans-bench-app.ts', { env });
  const raw = { name: 'raw: one primary-key SELECT (Drizzle)', url: `${served.rawUrl}/api/bench/raw` };
  const auth = { authorization: served.token, os: '4' };
  try {
    const query = new URLSearchParams({ pid: ORDER.pid, money: ORDER.money, period: ORDER.period });
    await compareRoutes(
      `${label}, plan`,
      {
        name: 'GET /api/v1/order/plan_v2',
        url: `${served.appUrl}/api/v1/order/plan_v2?${query}`,
        headers: auth,
      },
      raw,
      'plan/raw',
    );
    const form = new URLSearchParams({
      ...ORDER,
      agreement_version: LOAN_AGREEMENT_VERSION,
      agree: '1',
    }).toString();
    await compareRoutes(
      `${label}, order + cancel (1 connection)`,
      {
        name: 'POST order/loan then order/cancel',
        url: served.appUrl,
        connections: 1,
        amounts: { warmup: 20, measured: 200 },
        requests: [
          {
            method: 'POST',
            path: '/api/v1/order/loan',
            headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
            body: form,
            onResponse: (_status, body, context) => {
              const answer = JSON.parse(body) as {
                code: number;
                msg: string;
                data: { order_id?: string } | null;
              };
              if (answer.code !== 200) throw new Error(`order refused: ${answer.code} ${answer.msg}`);
              (context as { orderId?: string }).orderId = answer.data?.order_id;
            },
          },
          {
            method: 'POST',
            path: '/api/v1/order/cancel',
            headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
            setupRequest: (request, context) => ({
              ...request,
              body: `order_id=${(context as { orderId?: string }).orderId ?? ''}`,
            }),
          },
        ],
      },
      { ...raw, connections: 1 },
      'order+cancel/raw',
    );
    await compareRoutes(
      `${label}, callbacks`,
      {
        name: 'POST disbursement callback (replay)',
        url: `${served.appUrl}/api/payments/disbursement/callback/sandbox`,
        requests: [{ method: 'POST', headers: served.callback.headers, body: served.callback.body }],
      },
      raw,
      'callback/raw',
    );
    await compareRoutes(
      `${label}, bills`,
      {
        name: 'GET /api/v1/order/bill (the engine, as of today)',
        url: `${served.appUrl}/api/v1/order/bill?type=1`,
        headers: { authorization: served.repayingToken, os: '4' },
      },
      raw,
      'bill/raw',
    );
    let paid = 0;
    await compareRoutes(
      `${label}, payment callbacks (each a new payment applied)`,
      {
        name: 'POST payment callback (applied: lock, allocate, ledger, bills, receipt)',
        url: `${served.appUrl}/api/payments/callback/sandbox`,
        amounts: { warmup: 100, measured: served.paymentCodes - 100 },
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-callback-token': served.paymentToken },
            setupRequest: (request) => {
              const k = paid++;
              return {
                ...request,
                body: JSON.stringify({
                  id: `bench-cb-${k}`,
                  payment_id: `bench-pay-${k}`,
                  external_id: `bench-code-${k}`,
                  amount: 100,
                  transaction_timestamp: new Date().toISOString(),
                }),
              };
            },
          },
        ],
      },
      raw,
      'payment/raw',
    );
  } finally {
    await stopBenchChild(child);
  }
}

export async function run(): Promise<void> {
  console.log(LOAD_DESCRIPTION);
  await onEachDatabase(benchOn);
}
