// Commerce benchmark (issue 26): the calls a pay-later checkout makes on opening, GET /api/v1/commerce/order and
// product_list, signed in (the borrower's plans and limit) and as a visitor (the `_free` variants, the free-interest
// offer), each against the raw one-query route measured in the same run with the same connections. PGlite always;
// PostgreSQL when one answers. The server runs in a child process (serve-commerce-bench-app.ts).
import { compareRoutes, LOAD_DESCRIPTION } from './autocannon-compare.ts';
import { startBenchChild, stopBenchChild } from './bench-child.ts';
import { onEachDatabase } from './bench-databases.ts';

interface Served {
  appUrl: string;
  rawUrl: string;
  token: string;
  visitorKey: string;
  borrowerKey: string;
}

async function benchOn(label: string, env: Record<string, string>): Promise<void> {
  const { child, served } = await startBenchChild<Served>('serve-commerce-bench-app.ts', { env });
  const raw = { name: 'raw: one primary-key SELECT (Drizzle)', url: `${served.rawUrl}/api/bench/raw` };
  const signedIn = { authorization: served.token, os: '4' };
  const visitor = { os: '4' };
  try {
    for (const [call, path] of [
      ['order', '/api/v1/commerce/order'],
      ['product_list', '/api/v1/commerce/product_list'],
    ] as const) {
      await compareRoutes(
        `${label}, ${call} signed in`,
        {
          name: `GET ${path}`,
          url: `${served.appUrl}${path}?sign_key=${served.borrowerKey}`,
          headers: signedIn,
        },
        raw,
        `${call}/raw`,
      );
      await compareRoutes(
        `${label}, ${call} as a visitor`,
        {
          name: `GET ${path}_free`,
          url: `${served.appUrl}${path}_free?sign_key=${served.visitorKey}`,
          headers: visitor,
        },
        raw,
        `${call}_free/raw`,
      );
    }
  } finally {
    await stopBenchChild(child);
  }
}

export async function run(): Promise<void> {
  console.log(LOAD_DESCRIPTION);
  await onEachDatabase(benchOn);
}
