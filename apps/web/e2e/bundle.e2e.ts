// The production build's chunk graph, as a phone loads it (no browser): the first pages within the JavaScript budget,
// the landing page without react-dom (vite-landing-client.ts), and the signed-in pages a borrower opens most without
// zod in their chunks and with every chunk linked in their HTML (issue 23). Runs after `npm run build:web`, as the
// journeys do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_SHELLS, routeShellFile } from '../route-shells.ts';
import { LANDING_MANIFEST } from '../vite-landing-client.ts';
import {
  FIRST_PAGES,
  FIRST_PAINT_BUDGET_KB,
  WEB_DIST,
  closure,
  entryKey,
  firstPaintKb,
  pageFiles,
  readManifest,
} from './support/bundle-pages.ts';

const manifest = readManifest();
const asset = (file: string) => readFileSync(join(WEB_DIST, file), 'utf8');
/** zod's schemas reach their internals through `._zod` (the entry's jitless setting names `__zod_globalConfig`). */
const carriesZod = (file: string) => /\._zod\b/.test(asset(file));

describe('the first pages', () => {
  for (const [path, page] of Object.entries(FIRST_PAGES))
    it(`${path} loads at most ${FIRST_PAINT_BUDGET_KB} kB of gzip JavaScript before its first frame`, () => {
      const { kb, files } = firstPaintKb(manifest, page);
      expect(kb, `${kb.toFixed(1)} kB in ${files} files`).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_KB);
    });
});

describe('the landing page', () => {
  // react-dom names the root it renders into with this key; Preact has nothing of the kind.
  const carriesReactDom = (file: string) => asset(file).includes('__reactContainer$');

  it('runs on Preact: none of its files, lazy ones included, holds react-dom, which the app entry does', () => {
    const landing = readManifest(LANDING_MANIFEST);
    const files = Object.values(landing).map((chunk) => chunk.file);
    expect(files.filter((f) => f.endsWith('.js') && carriesReactDom(f))).toEqual([]);
    expect([...closure(manifest, entryKey(manifest))].some(carriesReactDom)).toBe(true);
  });
});

describe('the signed-in pages a borrower opens most', () => {
  const entry = closure(manifest, entryKey(manifest));
  for (const shell of ROUTE_SHELLS) {
    const files = [...pageFiles(manifest, shell.modules)];

    it(`${shell.path} carries no zod in its chunks (the answer's schema comes with the request)`, () => {
      expect(files.filter((f) => f.endsWith('.js') && carriesZod(f))).toEqual([]);
    });

    it(`${shell.path} carries no overlay or animation library until one is opened (components/lazy-overlay.tsx)`, () => {
      // antd-mobile's Mask (under every Dialog and Popup) and react-spring, which its Collapse animated with.
      const overlays = files.filter(
        (f) => f.endsWith('.js') && (/react-spring/.test(f) || /\badm-mask\b/.test(asset(f))),
      );
      expect(overlays).toEqual([]);
    });

    it(`${shell.path} is served with every chunk and stylesheet of the page and its first answer's schema linked`, () => {
      const html = asset(routeShellFile(shell.path));
      const all = [...pageFiles(manifest, [...shell.modules, ...shell.schemas])];
      const keys = Object.keys(manifest).filter((k) => all.includes(manifest[k]!.file));
      const styles = keys.flatMap((k) => manifest[k]!.css ?? []);
      const needed = [...all.filter((f) => !entry.has(f)), ...styles];
      expect(needed.length).toBeGreaterThan(10);
      expect(needed.filter((f) => !html.includes(`href="/${f}"`))).toEqual([]);
    });

    it(`${shell.path} names every stylesheet before any script or preload (the first paint waits for them alone)`, () => {
      const html = asset(routeShellFile(shell.path));
      const tags = [...html.matchAll(/<link rel="(stylesheet|modulepreload)"|<script type="module"/g)].map(
        (m) => (m[1] === 'stylesheet' ? 'style' : 'script'),
      );
      expect(tags.filter((t) => t === 'style').length).toBeGreaterThan(3);
      expect(tags.slice(tags.indexOf('script')).filter((t) => t === 'style')).toEqual([]);
    });
  }
});
