import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);
// react-router 7's package exports point every condition at its development build (warnings, invariant
// messages): ~4 kB gzip more on every first paint. Production builds use its production build instead.
const reactRouterProd = join(
  dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// Served by the API server in production (same origin); `npm run dev:web` proxies /api to it.
export default defineConfig(({ mode }) => ({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProd }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // bench/bundle-bench.ts reads the manifest to follow the chunk graph of the first-paint routes.
    manifest: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
