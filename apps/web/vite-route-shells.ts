import type { Plugin, ResolvedConfig } from 'vite';
import { chunkClosure, STYLESHEET_LINKS, stylesheetLink } from './vite-prerender-plugin.ts';
import { ROUTE_SHELLS, routeShellFile } from './route-shells.ts';

/**
 * Writes dist/shells/<path>.html for each of ROUTE_SHELLS: index.html with the page's chunks and stylesheets, and
 * those of its first answer's schema, linked in its head. The browser fetches them with the entry instead of after
 * it has run, and Vite's import helper finds them already linked: it inserted one link per chunk in the first
 * render's task (~40 on /bill: 200 ms of main thread on the phone Lighthouse simulates). Links the HTML parser reads
 * cost the main thread nothing of the kind. The shells are not prerendered: what a signed-in page shows depends on
 * the borrower. The stylesheets are linked as stylesheets: preloading them instead (not render-blocking) painted the
 * first frame a little earlier but gave the main thread back the links Vite then inserted, and the pages scored lower
 * (measured 2026-11-30, three runs each). They come first in the head, before the entry and the ~80 preloads: /bill's
 * 14 of them had waited behind JavaScript for a connection (Lighthouse, six runs each on 2026-12-01: first paint 1.67 s
 * instead of 2.19 s, LCP 3.63 s instead of 3.72 s, medians).
 */
export function routeShells(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kaskita-route-shells',
    apply: (c, env) => env.command === 'build' && !c.build?.ssr,
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('route shells: index.html is not in the bundle');
      const template = String(index.source);
      const known = (file: string) => template.includes(`"/${file}"`);
      // The app's own stylesheets, taken out of their place after the entry's script and preloads (see below).
      const appStyles = [...template.matchAll(STYLESHEET_LINKS)].map((m) => m[0].trim());
      const withoutStyles = template.replace(STYLESHEET_LINKS, '');
      const firstScript = withoutStyles.indexOf('<script type="module"');
      if (firstScript < 0) throw new Error('route shells: no entry script in index.html');
      for (const shell of ROUTE_SHELLS) {
        const { js, css } = chunkClosure(bundle, config.root, [...shell.modules, ...shell.schemas]);
        // Every stylesheet before any script or preload: the first paint waits for the stylesheets only, and a
        // browser on six HTTP/1.1 connections fetches in the order the head names them.
        const styles = [...appStyles, ...[...css].filter((f) => !known(f)).map(stylesheetLink)];
        const preloads = [...js]
          .filter((f) => !known(f))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
        const source = (
          withoutStyles.slice(0, firstScript) +
          `${styles.join('\n    ')}\n    ` +
          withoutStyles.slice(firstScript)
        ).replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
        this.emitFile({ type: 'asset', fileName: routeShellFile(shell.path), source });
      }
    },
  };
}
