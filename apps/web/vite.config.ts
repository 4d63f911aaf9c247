import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the API server in production (same origin); `npm run dev:web` proxies /api to it.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2020' },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
