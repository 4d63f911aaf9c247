// The server side of the regions bench (bench/regions-bench.ts starts it as a child process, so autocannon never
// shares its event loop). Starts the real app on a temporary PGlite data dir (BENCH_DATA_DIR) and measures the regions'
// first load (time, and heap growth with --expose-gc), then on the bench-only bare Fastify (bench-app.ts)
// GET /api/bench/constant, which answers, as a string built beforehand, the exact bytes the real route answers for the
// same pid: the floor of a Fastify route, without schema validation, serialization or the app's hooks.
// Prints one JSON line {appUrl, rawUrl, loadMs, heapMb} once both listen; closes everything on SIGTERM/SIGINT.
import { API_PREFIX, ENDPOINT } from '@kaskita/domain/contract/endpoints';
import { startBenchApp } from './bench-app.ts';

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is required');
/** The pids the bench asks for, comma-separated ('' is the provinces). */
const pids = (process.env.BENCH_PIDS ?? '').split(',');

const bench = await startBenchApp({ kind: 'pglite', dataDir });

const gc = (globalThis as { gc?: () => void }).gc;
const url = (pid: string) => `${API_PREFIX}${ENDPOINT.getAreas.path}?pid=${encodeURIComponent(pid)}`;

try {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  // The first request loads the CSVs (regions-service.ts).
  const first = await bench.app.inject({ method: 'GET', url: url('') });
  const loadMs = performance.now() - started;
  gc?.();
  const heapMb = gc ? (process.memoryUsage().heapUsed - heapBefore) / 1e6 : null;
  if (first.statusCode !== 200) throw new Error(`GET /getares answered ${first.statusCode}`);

  const bodies = new Map<string, string>();
  for (const pid of pids) bodies.set(pid, (await bench.app.inject({ method: 'GET', url: url(pid) })).body);
  bench.raw.get<{ Querystring: { pid?: string } }>('/api/bench/constant', async (request, reply) => {
    reply.header('content-type', 'application/json; charset=utf-8');
    return bodies.get(request.query.pid ?? '') ?? '{}';
  });
  const urls = await bench.listen();
  process.stdout.write(`${JSON.stringify({ ...urls, loadMs, heapMb })}\n`);
} catch (error) {
  await bench.fail(error);
}
