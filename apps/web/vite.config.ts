import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { humanModels } from './vite-human-models.ts';
import { prerenderPages } from './vite-prerender-plugin.ts';
import { routeShells } from './vite-route-shells.ts';

const require = createRequire(import.meta.url);
// react-router 7's package exports point every condition at its development build (warnings, invariant
// messages): ~4 kB gzip more on every first paint. Production builds use its production build instead.
const reactRouterProd = join(
  dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// The browser build of @vladmandic/human (tfjs bundled) in every build: the package's exports give the prerender's SSR
// build its Node build, which needs tfjs-node. The camera step's chunk is only imported in a browser anyway.
const humanBrowserBuild = join(dirname(require.resolve('@vladmandic/human')), 'human.esm.js');

const API_LAYER =
  /node_modules[\\/]@tanstack[\\/]|src[\\/]lib[\\/](api-client|api-call|api-effects|auth-session|query-client|query-keys)\.ts$|contract[\\/](borrower-endpoints|header-names)\.ts$/;

// Served by the API server in production (same origin); `npm run dev:web` proxies /api to it.
export default defineConfig(({ mode, isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: [
    react(),
    // The first pages as HTML, painted before the JavaScript runs (vite-prerender-plugin.ts).
    prerenderPages(),
    // The signed-in pages' chunks linked in their HTML (vite-route-shells.ts).
    routeShells(),
    // The face models the camera step's live check runs, served by us (vite-human-models.ts).
    isSsrBuild ? null : humanModels(),
    // Brotli and gzip copies of every text file beside it (x.js.br, x.js.gz), served as they are by the API server
    // (plugins/static-web-plugin.ts, preCompressed): the best compression levels cost build time once, never a request.
    // Not for the prerender's SSR build, which is read once and thrown away.
    isSsrBuild
      ? null
      : compression({
          include: /\.(js|mjs|css|html|svg|json|webmanifest|txt|wasm)$/,
          exclude: /\.vite\//,
          threshold: 512,
          skipIfLargerOrEqual: true,
          algorithms: [
            defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            defineAlgorithm('gzip', { level: 9 }),
          ],
        }),
  ],
  resolve: {
    alias: [
      { find: /^@vladmandic\/human$/, replacement: humanBrowserBuild },
      ...(mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProd }] : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Class fields and private members as written, not lowered through Babel's helpers: 1.4 kB gzip and one file less
    // on the landing page's first paint. Chrome 91 and Safari 15 (iOS 15) read all of ES2022 the build emits (no
    // static blocks); a phone stuck on an older one (Android 4.4's Chrome 81, iOS 14) is left out.
    target: 'es2022',
    // Seven characters of content hash rather than eight (rolldown's minimum for this many chunks): the entry chunk
    // names every lazy chunk's file (the preload lists of its dynamic imports) and hashes do not compress, so each
    // character costs the landing page's first paint (~0.2 kB gzip in all). 42 bits keep one build's ~200 names apart
    // and still change whenever a file's content does.
    rolldownOptions: {
      // The landing page is a document of its own, with an entry built apart (vite-landing-client.ts).
      input: { index: 'index.html' },
      output: {
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        codeSplitting: {
          // The server-state layer every first page's route uses (TanStack Query, the API client and its session, the
          // contract's paths) in one chunk. Left to the automatic split, once no second entry shares it (the landing
          // page's is built apart: vite-landing-client.ts), it came in six chunks of 0.2-5 kB: the app's first pages
          // loaded 116.1-118.7 kB gzip in 14-17 files; with this group 113.2-115.8 kB in 6-9 (2026-12-02).
          groups: [{ name: 'api', test: API_LAYER }],
        },
      },
    },
    // The camera step's engine chunk (human with tfjs, 1.56 MB minified, 310 kB brotli) is loaded on that page only
    // (features/application/live-check); every other chunk stays far under this.
    chunkSizeWarningLimit: 1600,
    // bench/bundle-bench.ts reads the manifest to follow the chunk graph of the first-paint routes.
    manifest: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
