// The server side of the regions bench (bench/regions-bench.ts starts it as a child process, so autocannon never
// shares its event loop). Starts the real app on a temporary PGlite data dir (BENCH_DATA_DIR) and measures the regions'
// first load (time, and heap growth with --expose-gc), then a bench-only bare Fastify whose GET /api/bench/constant
// answers, as a string built beforehand, the exact bytes the real route answers for the same pid: the floor of a
// Fastify route, without schema validation, serialization or the app's hooks. buildApp() returns a ready app that
// takes no more routes, and the real app must never have this route, hence a second server.
// Prints one JSON line {appUrl, rawUrl, loadMs, heapMb} once both listen; closes everything on SIGTERM/SIGINT.
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX, ENDPOINT } from '@kaskita/domain/contract/endpoints';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is required');
/** The pids the bench asks for, comma-separated ('' is the provinces). */
const pids = (process.env.BENCH_PIDS ?? '').split(',');

const database = await openDatabase({ kind: 'pglite', dataDir });
await database.migrate();
await seedDatabase(database.db, new Date());
const app = await buildApp({
  envSource: {},
  env: { NODE_ENV: 'development', WEB_DIST_DIR: '/nonexistent/kaskita-bench-dist' },
  database,
  logger: false,
});
const raw = Fastify({ logger: false });

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

let closing = false;
async function close(code: number): Promise<never> {
  if (!closing) {
    closing = true;
    await Promise.allSettled([raw.close(), app.close()]);
    await database.close();
  }
  process.exit(code);
}
process.on('SIGTERM', () => void close(0));
process.on('SIGINT', () => void close(0));
// The parent going away closes our stdin: exit rather than linger.
process.stdin.on('end', () => void close(0));
process.stdin.resume();

const gc = (globalThis as { gc?: () => void }).gc;
const url = (pid: string) => `${API_PREFIX}${ENDPOINT.getAreas.path}?pid=${encodeURIComponent(pid)}`;

try {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  // The first request loads the CSVs (regions-service.ts).
  const first = await app.inject({ method: 'GET', url: url('') });
  const loadMs = performance.now() - started;
  gc?.();
  const heapMb = gc ? (process.memoryUsage().heapUsed - heapBefore) / 1e6 : null;
  if (first.statusCode !== 200) throw new Error(`GET /getares answered ${first.statusCode}`);

  const bodies = new Map<string, string>();
  for (const pid of pids) bodies.set(pid, (await app.inject({ method: 'GET', url: url(pid) })).body);
  raw.get<{ Querystring: { pid?: string } }>('/api/bench/constant', async (request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8');
    return bodies.get(request.query.pid ?? '') ?? '{}';
  });
  const appUrl = await listen(app);
  const rawUrl = await listen(raw);
  process.stdout.write(`${JSON.stringify({ appUrl, rawUrl, loadMs, heapMb })}\n`);
} catch (error) {
  console.error(error);
  await close(1);
}
