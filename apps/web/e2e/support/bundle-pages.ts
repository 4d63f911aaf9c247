// The production build's chunk graph (apps/web/dist/.vite/manifest.json), read the way a phone loads it: the JavaScript
// of the first pages against the 120 kB budget (bench/bundle-bench.ts prints it, bundle.e2e.ts holds it), and what
// the signed-in pages carry (bundle.e2e.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { LANDING_ENTRY, LANDING_MANIFEST } from '../../vite-landing-client.ts';

export const WEB_DIST = join(import.meta.dirname, '../../dist');
export const FIRST_PAINT_BUDGET_KB = 120;

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type Manifest = Record<string, Chunk>;

/** The app's entry; a page that is a document of its own has an entry of its own (src/prerender.tsx, `own`). */
export const APP_ENTRY = 'index.html';

/** A first page: the entry it boots and the lazy page modules its route renders, outermost first. */
export interface FirstPage {
  entry: string;
  modules: string[];
  /** The manifest of a page built apart from the app (the landing page: vite-landing-client.ts). */
  manifest?: string;
}

/**
 * The first pages (apps/web/src/app/router.tsx; app.tsx preloads all matched pages at once): /home/unaudited matches
 * the home shell and the unaudited page; /landing-page is a document of its own (app/landing-document.tsx); /login/main
 * (where 'cek limit' sends a visitor) the login page; then the pages a shop's buyer opens first (issue 26): the
 * checkout's order page and the download page. Each is measured with its static imports (what Vite preloads with it);
 * a lazy part the page starts after its first frame (the checkout once its order is there, the download page's SMS
 * form) is not in it.
 */
export const FIRST_PAGES: Record<string, FirstPage> = {
  '/home/unaudited': {
    entry: APP_ENTRY,
    modules: ['src/app/routes/home-shell-route.tsx', 'src/app/routes/home-unaudited-page.tsx'],
  },
  '/landing-page': { entry: LANDING_ENTRY, modules: [], manifest: LANDING_MANIFEST },
  '/login/main': { entry: APP_ENTRY, modules: ['src/app/routes/login-page.tsx'] },
  '/third/pay/order': { entry: APP_ENTRY, modules: ['src/app/routes/third-pay-order-page.tsx'] },
  '/third/pay/download': { entry: APP_ENTRY, modules: ['src/app/routes/third-pay-download-page.tsx'] },
};

export const readManifest = (file = '.vite/manifest.json'): Manifest =>
  JSON.parse(readFileSync(join(WEB_DIST, file), 'utf8')) as Manifest;

/** The app entry's key in the manifest. */
export const entryKey = (manifest: Manifest): string => {
  if (!manifest[APP_ENTRY]?.isEntry) throw new Error(`${APP_ENTRY} is not an entry in the manifest`);
  return APP_ENTRY;
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
export function pageFiles(
  manifest: Manifest,
  modules: readonly string[],
  entry = entryKey(manifest),
): Set<string> {
  const files = closure(manifest, entry);
  for (const m of modules) closure(manifest, m, files);
  return files;
}

export const gzipKb = (file: string) =>
  gzipSync(readFileSync(join(WEB_DIST, file)), { level: 9 }).length / 1024;

/** The gzip kB of a page's JavaScript before its first frame, and how many files it comes in. */
export function firstPaintKb(appManifest: Manifest, page: FirstPage): { kb: number; files: number } {
  const manifest = page.manifest ? readManifest(page.manifest) : appManifest;
  const js = [...pageFiles(manifest, page.modules, page.entry)].filter((f) => f.endsWith('.js'));
  return { kb: js.reduce((s, f) => s + gzipKb(f), 0), files: js.length };
}
