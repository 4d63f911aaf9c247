import { build, type ResolvedConfig, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * /landing-page's JavaScript, built on its own with Preact (preact/compat) in place of React: the same components
 * (src/landing-main.tsx and what it imports), a runtime of ~7 kB gzip instead of react-dom's ~60 kB. The landing
 * page is the first page a visitor opens, on a cheap phone with nothing cached; under Lighthouse's 4x slowdown the
 * chunk holding react-dom ran 0.7-1.1 s of script (its evaluation and the hydration) on the 2-core CI host, this
 * build's one 0.25-0.7 s (2026-12-02). Only the landing page: the whole app on Preact scored worse on the sign-in
 * page (0.78 against React's 0.83-0.85), as Preact renders in one task where React's transitions yield. The
 * page still renders with React everywhere else: its HTML at build time (src/prerender.tsx, Preact hydrates it), in
 * the app when the login page links back to it (routes/landing-page.tsx), and in the unit tests. What the landing
 * page's code may use of React is therefore what preact/compat provides (hooks, useSyncExternalStore, hydrateRoot);
 * its journeys (e2e/landing.e2e.ts) run this build.
 */
export const LANDING_ENTRY = 'src/landing-main.tsx';

/** The landing client's manifest in dist (the app's is .vite/manifest.json). */
export const LANDING_MANIFEST = '.vite/landing-manifest.json';

/** Where the landing build's files go in dist: a folder of their own, so no name can meet one of the app's. */
const FILES = 'assets/landing/[name]-[hash:7]';

const PREACT_FOR_REACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/**
 * Builds the landing page's client in memory (the caller emits the files into the app's bundle) and returns them, for
 * the app build's root, mode and target (vite.config.ts says which browsers that is).
 */
export async function buildLandingClient(
  app: Pick<ResolvedConfig, 'root' | 'mode'> & { build: Pick<ResolvedConfig['build'], 'target'> },
): Promise<Rollup.OutputBundle> {
  const { root, mode } = app;
  const result = await build({
    root,
    mode,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: PREACT_FOR_REACT },
    build: {
      write: false,
      target: app.build.target,
      copyPublicDir: false,
      manifest: true,
      rolldownOptions: {
        input: { landing: LANDING_ENTRY },
        output: {
          entryFileNames: `${FILES}.js`,
          chunkFileNames: `${FILES}.js`,
          assetFileNames: `${FILES}[extname]`,
        },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return Object.fromEntries(outputs.flatMap((o) => o.output).map((file) => [file.fileName, file]));
}
