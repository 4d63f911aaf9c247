import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` (root) writes SQL migrations next to this file; the server applies them on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema.ts',
  out: './apps/server/drizzle',
});
