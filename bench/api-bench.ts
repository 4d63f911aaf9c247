// API benchmark: the real app's GET /api/v2/user/status (signed in: session lookup + user row) against a raw route
// doing one primary-key SELECT of the same users table through Drizzle on the same database, on PGlite and on
// PostgreSQL. The servers run in a child process (bench/serve-bench-app.ts), autocannon here, so the load generator
// does not share the server's event loop. Prints requests/s, p99 and the ratio status/raw for each database.
import { compareRoutes, LOAD_DESCRIPTION } from './autocannon-compare.ts';
import { startBenchChild, stopBenchChild } from './bench-child.ts';
import { onEachDatabase } from './bench-databases.ts';

interface Served {
  appUrl: string;
  rawUrl: string;
  token: string;
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const { child, served } = await startBenchChild<Served>('serve-bench-app.ts', { env });
  try {
    await compareRoutes(
      label,
      {
        name: 'GET /api/v2/user/status (signed in)',
        url: `${served.appUrl}/api/v2/user/status`,
        headers: { authorization: served.token },
      },
      { name: 'raw: one primary-key SELECT (Drizzle)', url: `${served.rawUrl}/api/bench/raw` },
      'status/raw',
    );
  } finally {
    await stopBenchChild(child);
  }
}

export async function run(): Promise<void> {
  console.log(LOAD_DESCRIPTION);
  await onEachDatabase(benchOn);
}
