// Regions benchmark: GET /api/getares of the real app (validation, the in-memory directory, zod serialization, the
// app's hooks) for the provinces and for one district's villages, against a bare Fastify route answering the same
// bytes as a constant string. The servers run in a child process (bench/serve-regions-bench-app.ts), autocannon here.
// Prints the directory's first load (time, heap), requests/s, p99 and the ratio getares/constant for each pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const DURATION_SECONDS = 6;
const START_TIMEOUT_MS = 60_000;
/** The provinces, and Samudera (Aceh Utara): 40 villages, a long list (a district has 11.5 on average). */
const CASES = [
  { label: 'provinces (no pid): 38', pid: '' },
  { label: 'villages of Samudera (11.08.08): 40', pid: '11.08.08' },
];

const here = dirname(fileURLToPath(import.meta.url));

interface Served {
  appUrl: string;
  rawUrl: string;
  loadMs: number;
  heapMb: number | null;
}

interface Figures {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function serve(dataDir: string): Promise<{ child: ChildProcess; served: Served }> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(here, 'serve-regions-bench-app.ts')],
    {
      env: { ...process.env, BENCH_DATA_DIR: dataDir, BENCH_PIDS: CASES.map((c) => c.pid).join(',') },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bench server did not start in time')), START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited (${code}) before listening`));
    });
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve({ child, served: JSON.parse(line) as Served });
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function measure(url: string, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
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
    `  ${name.padEnd(40)} ${f.rps.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99).padStart(4)} ms${extra}`,
  );
}

export async function run(): Promise<void> {
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${DURATION_SECONDS} s per route, ` +
      'loopback, servers in a child process',
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'kaskita-regions-bench-'));
  try {
    const { child, served } = await serve(join(dataDir, 'pglite'));
    try {
      const heap = served.heapMb === null ? 'n/a' : `${served.heapMb.toFixed(1)} MB`;
      console.log(`regions first load (idn-area-data CSVs): ${served.loadMs.toFixed(0)} ms, heap +${heap}`);
      for (const { label, pid } of CASES) {
        const real = `${served.appUrl}/api/getares?pid=${pid}`;
        const base = `${served.rawUrl}/api/bench/constant?pid=${pid}`;
        await measure(real, WARMUP_SECONDS);
        await measure(base, WARMUP_SECONDS);
        const subject = await measure(real, DURATION_SECONDS);
        const baseline = await measure(base, DURATION_SECONDS);
        console.log(`${label}:`);
        print('GET /api/getares', subject);
        print('constant JSON (same bytes, bare Fastify)', baseline);
        console.log(`  ratio getares/constant: ${(subject.rps / baseline.rps).toFixed(3)} (requests/s)`);
        if (subject.errors || subject.non2xx || baseline.errors || baseline.non2xx)
          throw new Error(`${label}: errors or non-2xx answers during the bench`);
      }
    } finally {
      await stop(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
