import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the API server in production (same origin); `npm run dev:web` proxies /api to it.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  // The hoisted copies of react at the repo root are 18.x (pulled by other workspaces); antd-mobile and
  // react-router live at the root too, so without dedupe they would bind to a second React and break hooks.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // bench/bundle-bench.ts reads the manifest to follow the chunk graph of the first-paint routes.
    manifest: true,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
