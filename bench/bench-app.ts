// The child side of the API benches (bench-child.ts starts it): the real app on a seeded database, and a bench-only
// bare Fastify (`raw`) for the baseline route. buildApp() returns a ready app that takes no more routes, and the real
// app must never have a bench route, hence a second server. Closes everything on SIGTERM/SIGINT, or when the parent
// goes away.
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase, type DatabaseTarget } from '../apps/server/src/db/client.ts';
import { encryptClearColumns } from '../apps/server/src/db/encrypt-clear-columns.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { DataCipher } from '../apps/server/src/security/data-cipher.ts';
import { LookupHasher } from '../apps/server/src/security/lookup-hasher.ts';

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

export async function startBenchApp(
  target: DatabaseTarget,
  env: Record<string, string | number | boolean> = {},
) {
  const database = await openDatabase(target);
  await database.migrate();
  // As the app's own start does (src/db/app-database.ts): the clear columns of encrypted fields go (there is nothing in them here).
  const keys = loadEnv({});
  await encryptClearColumns(database.db, {
    cipher: DataCipher.fromEnv(keys),
    lookup: LookupHasher.fromEnv(keys),
  });
  await seedDatabase(database.db, new Date());
  const app = await buildApp({
    envSource: {},
    env: { NODE_ENV: 'development', WEB_DIST_DIR: '/nonexistent/kaskita-bench-dist', ...env },
    database,
    logger: false,
  });
  const raw = Fastify({ logger: false });

  let closing = false;
  async function close(code: number): Promise<never> {
    if (!closing) {
      closing = true;
      await Promise.allSettled([raw.close(), app.close()]);
      await database.close();
    }
    process.exit(code);
  }
  process.on('SIGTERM', () => void close(0));
  process.on('SIGINT', () => void close(0));
  // The parent going away closes our stdin: exit rather than linger.
  process.stdin.on('end', () => void close(0));
  process.stdin.resume();

  return {
    database,
    app,
    raw,
    /** Both servers listening on loopback ports; then print the one JSON line the parent waits for. */
    listen: async () => ({ appUrl: await listen(app), rawUrl: await listen(raw) }),
    /** Setting up failed: say why, close everything, exit 1 (the parent sees the exit before any line). */
    fail: async (error: unknown): Promise<never> => {
      console.error(error);
      return close(1);
    },
  };
}
