// Bundle bench: the gzip kB of JavaScript a phone downloads before the first paint of the public entry pages,
// against the 120 kB budget, and as a ratio to the entry chunk alone (the baseline, measured in the same build).
// Set BUNDLE_BENCH_REUSE=1 to measure an existing apps/web/dist instead of building.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(repo, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
const BUDGET_KB = 120;

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, Chunk>;

/**
 * The lazy page modules each route renders, outermost first (apps/web/src/app/router.tsx; app.tsx preloads all
 * matched pages at once): /home/unaudited matches the home shell and the unaudited page; /landing-page the
 * landing page; /login/main (where 'cek limit' sends a visitor) the login page; then the pages a shop's buyer opens
 * first (issue 26): the checkout's order page and the download page. Each is measured with its static imports (what
 * Vite preloads with it); a lazy part the page starts after its first frame (the checkout once its order is there,
 * the download page's SMS form) is not in it.
 */
const PAGES: Record<string, string[]> = {
  '/home/unaudited': ['src/app/routes/home-shell-route.tsx', 'src/app/routes/home-unaudited-page.tsx'],
  '/landing-page': ['src/app/routes/landing-page.tsx'],
  '/login/main': ['src/app/routes/login-page.tsx'],
  '/third/pay/order': ['src/app/routes/third-pay-order-page.tsx'],
  '/third/pay/download': ['src/app/routes/third-pay-download-page.tsx'],
};

function build(): void {
  const r = spawnSync('npx', ['vite', 'build', 'apps/web', '--logLevel', 'warn'], {
    cwd: repo,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

/** A chunk and everything it imports statically (what Vite preloads with it). */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imp of chunk.imports ?? []) closure(manifest, imp, into);
  return into;
}

const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

export async function run(): Promise<void> {
  if (process.env.BUNDLE_BENCH_REUSE === '1' && existsSync(manifestPath))
    console.log('reusing apps/web/dist');
  else build();
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const entryFile = manifest[entryKey]!.file;
  const baseline = gzipKb(entryFile);
  const entryClosure = closure(manifest, entryKey);
  const entryClosureKb = [...entryClosure]
    .filter((f) => f.endsWith('.js'))
    .reduce((s, f) => s + gzipKb(f), 0);
  console.log(
    `baseline: entry chunk ${entryFile} = ${baseline.toFixed(1)} kB gzip (with its static imports ${entryClosureKb.toFixed(1)} kB)`,
  );

  const over: string[] = [];
  for (const [page, lazyModules] of Object.entries(PAGES)) {
    const files = new Set(entryClosure);
    for (const m of lazyModules) closure(manifest, m, files);
    const js = [...files].filter((f) => f.endsWith('.js'));
    const kb = js.reduce((s, f) => s + gzipKb(f), 0);
    const ok = kb <= BUDGET_KB;
    if (!ok) over.push(page);
    const verdict = ok ? 'OK' : 'OVER';
    console.log(
      `${page.padEnd(19)} ${kb.toFixed(2).padStart(7)} kB gzip in ${js.length} files  budget ${BUDGET_KB} kB  ${verdict}  ratio to entry chunk ${(kb / baseline).toFixed(2)}x`,
    );
  }
  if (over.length > 0) {
    process.exitCode = 1;
    throw new Error(`first paint over the ${BUDGET_KB} kB budget: ${over.join(', ')}`);
  }
}
