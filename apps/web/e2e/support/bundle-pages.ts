// The production build's chunk graph (apps/web/dist/.vite/manifest.json), read the way a phone loads it: the JavaScript
// of the first pages against the 120 kB budget (bench/bundle-bench.ts prints it, bundle.e2e.ts holds it), and what
// the signed-in pages carry (bundle.e2e.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const WEB_DIST = join(import.meta.dirname, '../../dist');
export const FIRST_PAINT_BUDGET_KB = 120;

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type Manifest = Record<string, Chunk>;

/**
 * The lazy page modules each route renders, outermost first (apps/web/src/app/router.tsx; app.tsx preloads all
 * matched pages at once): /home/unaudited matches the home shell and the unaudited page; /landing-page the
 * landing page; /login/main (where 'cek limit' sends a visitor) the login page; then the pages a shop's buyer opens
 * first (issue 26): the checkout's order page and the download page. Each is measured with its static imports (what
 * Vite preloads with it); a lazy part the page starts after its first frame (the checkout once its order is there,
 * the download page's SMS form) is not in it.
 */
export const FIRST_PAGES: Record<string, string[]> = {
  '/home/unaudited': ['src/app/routes/home-shell-route.tsx', 'src/app/routes/home-unaudited-page.tsx'],
  '/landing-page': ['src/app/routes/landing-page.tsx'],
  '/login/main': ['src/app/routes/login-page.tsx'],
  '/third/pay/order': ['src/app/routes/third-pay-order-page.tsx'],
  '/third/pay/download': ['src/app/routes/third-pay-download-page.tsx'],
};

export const readManifest = (): Manifest =>
  JSON.parse(readFileSync(join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Manifest;

export const entryKey = (manifest: Manifest): string => {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error('no entry chunk in the manifest');
  return key;
};

/** A chunk and everything it imports statically (what Vite preloads with it), as files. */
export function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imp of chunk.imports ?? []) closure(manifest, imp, into);
  return into;
}

/** The files a page loads before its first frame: the entry's, then its lazy modules'. */
export function pageFiles(manifest: Manifest, modules: readonly string[]): Set<string> {
  const files = closure(manifest, entryKey(manifest));
  for (const m of modules) closure(manifest, m, files);
  return files;
}

export const gzipKb = (file: string) =>
  gzipSync(readFileSync(join(WEB_DIST, file)), { level: 9 }).length / 1024;

/** The gzip kB of a page's JavaScript before its first frame, and how many files it comes in. */
export function firstPaintKb(manifest: Manifest, modules: readonly string[]): { kb: number; files: number } {
  const js = [...pageFiles(manifest, modules)].filter((f) => f.endsWith('.js'));
  return { kb: js.reduce((s, f) => s + gzipKb(f), 0), files: js.length };
}
