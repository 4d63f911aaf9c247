// Bundle bench: the gzip kB of JavaScript a phone downloads before the first paint of the public entry pages,
// against the 120 kB budget, and as a ratio to the entry chunk alone (the baseline, measured in the same build).
// Set BUNDLE_BENCH_REUSE=1 to measure an existing apps/web/dist instead of building.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  FIRST_PAGES,
  FIRST_PAINT_BUDGET_KB as BUDGET_KB,
  WEB_DIST,
  closure,
  entryKey,
  firstPaintKb,
  gzipKb,
  readManifest,
} from '../apps/web/e2e/support/bundle-pages.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

function build(): void {
  const r = spawnSync('npx', ['vite', 'build', 'apps/web', '--logLevel', 'warn'], {
    cwd: repo,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

export async function run(): Promise<void> {
  if (process.env.BUNDLE_BENCH_REUSE === '1' && existsSync(join(WEB_DIST, '.vite/manifest.json')))
    console.log('reusing apps/web/dist');
  else build();
  const manifest = readManifest();
  const entryFile = manifest[entryKey(manifest)]!.file;
  const baseline = gzipKb(entryFile);
  const entryClosure = closure(manifest, entryKey(manifest));
  const entryClosureKb = [...entryClosure]
    .filter((f) => f.endsWith('.js'))
    .reduce((s, f) => s + gzipKb(f), 0);
  console.log(
    `baseline: entry chunk ${entryFile} = ${baseline.toFixed(1)} kB gzip (with its static imports ${entryClosureKb.toFixed(1)} kB)`,
  );

  const over: string[] = [];
  for (const [page, firstPage] of Object.entries(FIRST_PAGES)) {
    const { kb, files } = firstPaintKb(manifest, firstPage);
    const ok = kb <= BUDGET_KB;
    if (!ok) over.push(page);
    const verdict = ok ? 'OK' : 'OVER';
    console.log(
      `${page.padEnd(19)} ${kb.toFixed(2).padStart(7)} kB gzip in ${files} files  budget ${BUDGET_KB} kB  ${verdict}  ratio to entry chunk ${(kb / baseline).toFixed(2)}x`,
    );
  }
  if (over.length > 0) {
    process.exitCode = 1;
    throw new Error(`first paint over the ${BUDGET_KB} kB budget: ${over.join(', ')}`);
  }
}
