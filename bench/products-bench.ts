// Products bench (issue 23): the borrower's GET /api/v1/loan_products and GET /api/v1/order/plan_v2 (signed in,
// approved), then the cost of request logging (GET /api/v2/user/status on the app with the production logger against
// the same app with logging off), each against a baseline measured in the same run, with requests/s, p99 and the
// child's CPU per request (process.cpuUsage around each measured run: on 2 shared cores, steadier than requests/s; on
// PostgreSQL the database server's own CPU is not in it). PGlite always; PostgreSQL when one answers. The servers run
// in a child process (serve-products-bench-app.ts).
import { ORDER } from '../apps/server/test/loans/loan-helpers.ts';
import { compareRoutes, LOAD_DESCRIPTION } from './autocannon-compare.ts';
import { startBenchChild, stopBenchChild } from './bench-child.ts';
import { onEachDatabase } from './bench-databases.ts';

interface Served {
  rawUrl: string;
  quietUrl: string;
  loggedUrl: string;
  token: string;
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const { child, served } = await startBenchChild<Served>('serve-products-bench-app.ts', { env });
  const raw = { name: 'raw: one primary-key SELECT (Drizzle)', url: `${served.rawUrl}/api/bench/raw` };
  const cpu = { cpuUrl: `${served.rawUrl}/api/bench/cpu` };
  const headers = { authorization: served.token, os: '4' };
  try {
    await compareRoutes(
      `${label}, products`,
      { name: 'GET /api/v1/loan_products', url: `${served.quietUrl}/api/v1/loan_products`, headers },
      raw,
      'products/raw',
      cpu,
    );
    const query = new URLSearchParams({ pid: ORDER.pid, money: ORDER.money, period: ORDER.period });
    await compareRoutes(
      `${label}, plan`,
      { name: 'GET /api/v1/order/plan_v2', url: `${served.quietUrl}/api/v1/order/plan_v2?${query}`, headers },
      raw,
      'plan/raw',
      cpu,
    );
    await compareRoutes(
      `${label}, request logging (LOG_LEVEL info, to /dev/null)`,
      { name: 'GET /api/v2/user/status, logged', url: `${served.loggedUrl}/api/v2/user/status`, headers },
      { name: 'GET /api/v2/user/status, logger off', url: `${served.quietUrl}/api/v2/user/status`, headers },
      'logged/off',
      cpu,
    );
  } finally {
    await stopBenchChild(child);
  }
}

export async function run(): Promise<void> {
  console.log(LOAD_DESCRIPTION);
  await onEachDatabase(benchOn);
}
