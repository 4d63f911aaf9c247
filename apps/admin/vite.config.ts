import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The back office: its own build, served by the API server under /admin (plugins/static-admin-plugin.ts). Nothing here
// is imported by apps/web, so antd (desktop) never reaches the borrower's bundle (e2e/bundles-apart.e2e.ts).
export default defineConfig({
  root: import.meta.dirname,
  base: '/admin/',
  plugins: [
    react(),
    // Brotli and gzip copies beside each file, sent as they are by the server (static-admin-plugin.ts, preCompressed),
    // as apps/web does: antd's chunk is ~880 kB raw, ~280 kB gzip, less in brotli.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      threshold: 512,
      skipIfLargerOrEqual: true,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // A desktop app on office networks: antd is one large vendor chunk, loaded once and cached a year.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // The kit and React in chunks of their own: a deploy that changes only our pages leaves them cached.
        advancedChunks: {
          groups: [
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
