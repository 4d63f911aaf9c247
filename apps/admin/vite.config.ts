import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The back office: its own build, served by the API server under /admin (plugins/static-admin-plugin.ts). Nothing here
// is imported by apps/web, so antd (desktop) never reaches the borrower's bundle (tooling/admin-bundle-apart.test.ts).
export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // A desktop app on office networks: antd is one large vendor chunk, loaded once and cached a year.
    chunkSizeWarningLimit: 1500,
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
