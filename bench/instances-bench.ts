// Several app instances on one PostgreSQL database (issue 24): how many bill views a second one serves. One borrower's
// GET /api/v1/order/bill (the page a repaying borrower opens most) is loaded by autocannon against one server process,
// then against three at once (a third of the connections each, as a load balancer would spread them). The single
// process is the baseline, measured in the same run. Each server runs without job workers, as API-only instances do.
//
// Read the ratio against the cores: the servers, PostgreSQL and autocannon share this machine's cores, so three
// processes only help while one leaves cores idle. On 2 cores one process already keeps them busy with PostgreSQL.
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { startServerProcess } from '../apps/server/test/helpers/server-process.ts';
import { repayingBorrower } from '../apps/server/test/repayments/repayment-helpers.ts';
import { onPostgres } from './bench-databases.ts';

const CONNECTIONS = 12;
const WARMUP_SECONDS = 2;
const DURATION_SECONDS = 8;
const PATH = '/api/v1/order/bill?type=1';

async function load(ports: number[], token: string, seconds: number) {
  const results = await Promise.all(
    ports.map((port) =>
      autocannon({
        url: `http://127.0.0.1:${port}${PATH}`,
        connections: CONNECTIONS / ports.length,
        duration: seconds,
        headers: { authorization: token, os: '4' },
      }),
    ),
  );
  return {
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failed: results.reduce((n, r) => n + r.errors + r.non2xx, 0),
  };
}

async function bench(url: string): Promise<void> {
  // The app on its own database settings migrates and seeds it; the borrower is made through the API, as the web does.
  const env = {
    NODE_ENV: 'development' as const,
    WEB_DIST_DIR: '/nonexistent/kaskita-bench-dist',
    CREDIT_DECISION_DELAY_SECONDS: 0,
    ACCOUNT_INQUIRY_SANDBOX_DELAY_MS: 0,
    DISBURSEMENT_SANDBOX_DELAY_SECONDS: -1,
    JOB_SCHEDULES: false,
  };
  const setup = await buildApp({ envSource: { DATABASE_URL: url }, env, logger: false });
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  const borrower = await repayingBorrower(setup, database.db, new Date());
  await setup.close();
  await database.close();

  const base = 45_000 + Math.floor(Math.random() * 2000);
  const ports = [base, base + 1, base + 2];
  const servers = [];
  try {
    for (const port of ports) servers.push(await startServerProcess(url, port, { LOG_LEVEL: 'warn' }));
    await load(ports.slice(0, 1), borrower.token, WARMUP_SECONDS);
    await load(ports, borrower.token, WARMUP_SECONDS);
    const one = await load(ports.slice(0, 1), borrower.token, DURATION_SECONDS);
    const three = await load(ports, borrower.token, DURATION_SECONDS);
    if (one.failed || three.failed) throw new Error(`failed requests: ${one.failed} and ${three.failed}`);
    const line = (name: string, f: { rps: number; p99: number }) =>
      console.log(
        `  ${name.padEnd(34)} ${f.rps.toFixed(0).padStart(6)} req/s   p99 ${String(f.p99).padStart(4)} ms`,
      );
    line('one process (baseline)', one);
    line('three processes', three);
    console.log(`  ratio three/one: ${(three.rps / one.rps).toFixed(2)}x`);
  } finally {
    for (const server of servers) server.kill('SIGTERM');
  }
}

export async function run(): Promise<void> {
  console.log(
    `\nInstances: GET ${PATH}, autocannon ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ` +
      `${DURATION_SECONDS} s; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)} at the start`,
  );
  await onPostgres((label, childEnv) => {
    console.log(label);
    return bench(childEnv.BENCH_DATABASE_URL!);
  });
}
