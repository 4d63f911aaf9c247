// Regions benchmark: GET /api/getares of the real app (validation, the in-memory directory, zod serialization, the
// app's hooks) for the provinces and for one district's villages, against a bare Fastify route answering the same
// bytes as a constant string. The servers run in a child process (bench/serve-regions-bench-app.ts), autocannon here.
// Prints the directory's first load (time, heap), requests/s, p99 and the ratio getares/constant for each pid.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareRoutes, LOAD_DESCRIPTION } from './autocannon-compare.ts';
import { startBenchChild, stopBenchChild } from './bench-child.ts';

/** The provinces, and Samudera (Aceh Utara): 40 villages, a long list (a district has 11.5 on average). */
const CASES = [
  { label: 'provinces (no pid): 38', pid: '' },
  { label: 'villages of Samudera (11.08.08): 40', pid: '11.08.08' },
];

interface Served {
  appUrl: string;
  rawUrl: string;
  loadMs: number;
  heapMb: number | null;
}

export async function run(): Promise<void> {
  console.log(LOAD_DESCRIPTION);
  const dataDir = mkdtempSync(join(tmpdir(), 'kaskita-regions-bench-'));
  try {
    const { child, served } = await startBenchChild<Served>('serve-regions-bench-app.ts', {
      nodeArgs: ['--expose-gc'],
      env: { BENCH_DATA_DIR: join(dataDir, 'pglite'), BENCH_PIDS: CASES.map((c) => c.pid).join(',') },
    });
    try {
      const heap = served.heapMb === null ? 'n/a' : `${served.heapMb.toFixed(1)} MB`;
      console.log(`regions first load (idn-area-data CSVs): ${served.loadMs.toFixed(0)} ms, heap +${heap}`);
      for (const { label, pid } of CASES)
        await compareRoutes(
          label,
          { name: 'GET /api/getares', url: `${served.appUrl}/api/getares?pid=${pid}` },
          {
            name: 'constant JSON (same bytes, bare Fastify)',
            url: `${served.rawUrl}/api/bench/constant?pid=${pid}`,
          },
          'getares/constant',
        );
    } finally {
      await stopBenchChild(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
