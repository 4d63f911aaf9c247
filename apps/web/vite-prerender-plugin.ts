import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { buildLandingClient, LANDING_ENTRY, LANDING_MANIFEST } from './vite-landing-client.ts';

type PrerenderModule = typeof import('./src/prerender.tsx');

/** Where a prerendered page is written in dist (apps/server's static plugin serves it for `path`). */
export const prerenderedFile = (path: string, locale: Locale) =>
  `prerendered${path}.${locale}.html`.replace(/\/+/g, '/');

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The chunk of a source module and every chunk it imports statically, with their stylesheets. */
export function chunkClosure(bundle: Rollup.OutputBundle, root: string, modules: string[]) {
  const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (js.has(chunk.fileName)) return;
    js.add(chunk.fileName);
    for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  for (const module of modules) {
    const chunk = chunks.find((c) => c.facadeModuleId === join(root, module));
    if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
    visit(chunk);
  }
  return { js, css };
}

/** A stylesheet's link as Vite writes it in index.html, and as the plugins add them; the pattern finds Vite's. */
export const stylesheetLink = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;
export const STYLESHEET_LINKS = /<link rel="stylesheet" crossorigin href="[^"]+">\s*/g;

/** The file of an entry module's chunk (a second input beside index.html: vite.config.ts). */
function entryChunk(bundle: Rollup.OutputBundle, root: string, module: string): string {
  const chunk = Object.values(bundle).find(
    (o): o is Rollup.OutputChunk =>
      o.type === 'chunk' && o.isEntry && o.facadeModuleId === join(root, module),
  );
  if (!chunk) throw new Error(`prerender: ${module} is not an entry of the build`);
  return chunk.fileName;
}

/**
 * The prerendered pages' only script tag (a file: the Content-Security-Policy allows no inline script). It starts the
 * app's modules after the first paint (two frames, then a task): the page's HTML and stylesheets are its first paint,
 * and the JavaScript, which only makes it interactive, neither competes with them for the network nor delays the
 * paint with its run time when it arrives first (from the cache, or on a fast connection). A hidden tab, which runs
 * no frames, starts them after a second. The entry goes first; its modules' preloads follow two per task, as each
 * inserted link costs up to a millisecond of main thread in Chromium (Chromium 156 here: 30 links in 22 ms, four times
 * that on the phone Lighthouse simulates; five a task made three of the landing page's long tasks, 53-115 ms).
 */
const PRELOADS_PER_TASK = 2;
const BOOT_SCRIPT = `(function () {
  var data = document.currentScript.dataset;
  var started = false;
  function preload(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = data.entry;
    document.head.appendChild(script);
    var hrefs = data.modules.split(' ').filter(Boolean);
    (function next(from) {
      hrefs.slice(from, from + ${PRELOADS_PER_TASK}).forEach(preload);
      if (from + ${PRELOADS_PER_TASK} < hrefs.length) setTimeout(next, 0, from + ${PRELOADS_PER_TASK});
    })(0);
  }
  requestAnimationFrame(function () {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  });
  setTimeout(start, 1000);
})();
`;

/**
 * Prerenders the first pages (src/prerender.tsx, PRERENDERED_PAGES) into dist/prerendered/<path>.<locale>.html at
 * build time: index.html with the page's HTML in #root, its title and language, and its lazy chunks and stylesheets
 * preloaded together with the entry (not discovered after it has run), started by BOOT_SCRIPT. The server picks the file by path and
 * Accept-Language; main.tsx hydrates it when the browser's language is the same, and renders afresh otherwise.
 * The pages are rendered by an SSR build of src/prerender.tsx into a temporary folder. The files are emitted into the
 * bundle, so they get their brotli/gzip copies like every other file.
 */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kaskita-prerender',
    apply: (c, env) => env.command === 'build' && !c.build?.ssr,
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('prerender: index.html is not in the bundle');
      const template = String(index.source);
      const outDir = mkdtempSync(join(tmpdir(), 'kaskita-prerender-'));
      try {
        await build({
          root: config.root,
          mode: config.mode,
          configFile: config.configFile,
          logLevel: 'warn',
          ssr: { noExternal: true },
          build: {
            ssr: 'src/prerender.tsx',
            outDir,
            emptyOutDir: true,
            manifest: false,
            copyPublicDir: false,
            minify: false,
            rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const ssr = (await import(pathToFileURL(join(outDir, 'prerender.mjs')).href)) as PrerenderModule;
        // The entry and the modules index.html preloads: started by the boot script instead (see BOOT_SCRIPT).
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
        if (!entry) throw new Error('prerender: no entry script in index.html');
        const preloadTag = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
        const shellModules = [...template.matchAll(preloadTag)].map((m) => m[1]!);
        const appShell = template.replace(entry[0], '').replace(preloadTag, '');
        // A page with an entry of its own starts from index.html without the app's stylesheets either.
        const bareShell = appShell.replace(STYLESHEET_LINKS, '');
        const boot = this.emitFile({ type: 'asset', name: 'boot.js', source: BOOT_SCRIPT });
        // The landing page's own client, built apart (vite-landing-client.ts); its files join this bundle.
        const landing = await buildLandingClient(config);
        for (const file of Object.values(landing)) {
          this.emitFile({
            type: 'asset',
            fileName: file.fileName === '.vite/manifest.json' ? LANDING_MANIFEST : file.fileName,
            source: file.type === 'chunk' ? file.code : file.source,
          });
        }
        for (const page of ssr.PRERENDERED_PAGES) {
          if (page.own && page.own.entry !== LANDING_ENTRY)
            throw new Error(`prerender: ${page.path} has an entry no build makes (${page.own.entry})`);
          const shell = page.own ? bareShell : appShell;
          const pageBundle = page.own ? landing : bundle;
          const { js, css } = chunkClosure(
            pageBundle,
            config.root,
            page.own ? [page.own.entry] : page.modules,
          );
          const ownEntry = page.own ? `/${entryChunk(pageBundle, config.root, page.own.entry)}` : null;
          // A lazy part's chunks are started by the boot script too, after the page's own: the page imports them as
          // soon as it renders, and Vite's import helper would otherwise insert their preload links all at once, in
          // the render's task (33 links on the login page, 190 ms of main thread on the phone Lighthouse simulates).
          const parts = chunkClosure(bundle, config.root, page.styled ?? []);
          for (const file of parts.css) css.add(file);
          for (const file of parts.js) js.add(file);
          // What the page's starting HTML already names (the app's entry and its preloads, or nothing) is not repeated.
          const known = (file: string) => (page.own ? bareShell : template).includes(`"/${file}"`);
          const styles = [...css].filter((f) => !known(f)).map(stylesheetLink);
          const pageModules = [...js].filter((f) => !known(f) && `/${f}` !== ownEntry).map((f) => `/${f}`);
          const modules = [...(page.own ? [] : shellModules), ...pageModules];
          const head = [
            ...styles,
            `<script defer src="/${this.getFileName(boot)}" data-entry="${ownEntry ?? entry[1]}" data-modules="${modules.join(' ')}"></script>`,
          ].join('\n    ');
          for (const locale of ssr.LOCALES) {
            const { html, title } = await ssr.renderPage(page.path, locale, page.query);
            const source = shell
              .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
              .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
              .replace('</head>', `  ${head}\n  </head>`)
              .replace(
                /<div id="root">[\s\S]*?<\/div><\/div>/,
                `<div id="root" data-prerendered="${locale}">${html}</div>`,
              );
            if (!source.includes('data-prerendered')) throw new Error('prerender: no #root in index.html');
            this.emitFile({ type: 'asset', fileName: prerenderedFile(page.path, locale), source });
          }
        }
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    },
  };
}
