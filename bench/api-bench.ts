// API benchmark: the real app's GET /api/v2/user/status (token lookup + user row on PGlite) against a bare Fastify
// route answering constant JSON, both in this process, over loopback. Prints requests/s, p99 and the ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { signIn } from '../apps/server/test/helpers/api-calls.ts';

const DURATION_SECONDS = 5;
const CONNECTIONS = 10;

interface Figures {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_SECONDS, headers });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function print(name: string, f: Figures): void {
  const extra = f.errors || f.non2xx ? `  (errors ${f.errors}, non-2xx ${f.non2xx})` : '';
  console.log(
    `${name.padEnd(44)} ${f.rps.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99).padStart(4)} ms${extra}`,
  );
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaskita-bench-'));
  const app = await buildApp({
    envSource: {},
    env: {
      NODE_ENV: 'development',
      DATA_DIR: join(dataDir, 'pglite'),
      WEB_DIST_DIR: join(dataDir, 'no-dist'),
    },
    logger: false,
  });
  const baseline = Fastify({ logger: false });
  baseline.get('/constant', async () => ({ code: 200, msg: 'OK', data: { verify: 0 } }));
  try {
    // The same calls the web makes: code request, dev outbox, login.
    const { token } = await signIn(app);
    const appUrl = await listen(app);
    const baseUrl = await listen(baseline);

    const base = await measure(`${baseUrl}/constant`);
    const real = await measure(`${appUrl}/api/v2/user/status`, { authorization: token });

    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, loopback, one process`);
    print('baseline: bare Fastify, constant JSON', base);
    print('app: GET /api/v2/user/status (PGlite)', real);
    console.log(`ratio app/baseline: ${(real.rps / base.rps).toFixed(3)} (requests/s)`);
  } finally {
    await baseline.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
