// Loan book benchmark on PostgreSQL with 100,000 loans (seeded by SQL in the child: serve-book-bench-app.ts): the
// back office's loan book list (50 rows, filtered and sorted on the server, masked), and the dashboard figures computed
// over the whole book, each timed one request at a time against the raw one-query route measured in the same run.
// PostgreSQL only: the figures at this size mean nothing on PGlite, and the bench says it is skipped without one.
import { startBenchChild, stopBenchChild } from './bench-child.ts';
import { onPostgres } from './bench-databases.ts';
import { summary, timeRuns } from './timing.ts';

interface Served {
  appUrl: string;
  rawUrl: string;
  token: string;
  loans: number;
  seedSeconds: number;
}

const RUNS = 40;

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const { child, served } = await startBenchChild<Served>('serve-book-bench-app.ts', { env });
  const staff = { authorization: served.token, os: '4' };
  const request =
    (url: string, init: RequestInit = {}) =>
    async () => {
      const res = await fetch(url, init);
      const body = (await res.json()) as { code: number; msg: string; data: { items?: unknown[] } | null };
      if (body.code !== 200) throw new Error(`${url}: ${body.code} ${body.msg}`);
      return body.data;
    };
  try {
    console.log(
      `${label}: ${served.loans.toLocaleString('en')} loans seeded in ${served.seedSeconds.toFixed(1)} s; ` +
        `each route ${RUNS} requests one after another after a warm-up, loopback, server in a child process`,
    );
    const raw = summary(
      'raw: one primary-key SELECT',
      await timeRuns(request(`${served.rawUrl}/api/bench/raw`), RUNS, 5),
    );
    const routes: Array<[string, string, RequestInit?]> = [
      [
        'loan book: overdue, DPD 31-60, by disbursement',
        '/api/admin/loans?state=overdue&dpd=31-60&sort=disbursed_on&order=desc&page_size=50',
      ],
      [
        'loan book: one product, by amount, page 20',
        '/api/admin/loans?product=promo&sort=amount&order=asc&page=20&page_size=50',
      ],
      ['loan book: everything, newest first', '/api/admin/loans?page_size=50'],
      ['dashboard: the latest figures', '/api/admin/dashboard'],
      [
        'dashboard figures computed over the book',
        '/api/admin/dashboard/compute',
        {
          method: 'POST',
          headers: { ...staff, 'content-type': 'application/json' },
          body: '{"reason":"bench"}',
        },
      ],
    ];
    for (const [name, path, init] of routes) {
      const task = request(`${served.appUrl}${path}`, init ?? { headers: staff });
      const rows = (await task())?.items;
      if (rows && rows.length !== 50) throw new Error(`${name}: ${rows.length} rows, not a full page of 50`);
      const { median } = summary(name, await timeRuns(task, RUNS, 3));
      console.log(`  ratio ${name} / raw: ${(median / raw.median).toFixed(1)} (medians)`);
    }
  } finally {
    await stopBenchChild(child);
  }
}

export async function run(): Promise<void> {
  await onPostgres(benchOn);
}
