import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { TEST_ENV } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

/**
 * A port nobody listens on now, from the kernel. A random number in 41000-46000 was in the range the kernel hands out to
 * outgoing connections (32768-60999): a test's own database connection could hold it, and the server then exited at
 * start (EADDRINUSE, seen once in CI).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * `npm run serve` in its own process on `databaseUrl`, answering once `/api/v1/config` does: for the tests that kill a
 * server mid-request and start another (no job workers: only the request under test runs).
 */
export async function startServerProcess(
  databaseUrl: string,
  port: number,
  /** Settings over these defaults (e.g. JOB_WORKERS: 'true' for a process that runs jobs). */
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOB_WORKERS: 'false',
      NODE_ENV: 'test',
      WEB_DIST_DIR: '/nonexistent/kaskita-dist',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/config`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * For a test that runs server processes: on PostgreSQL (`DATABASE_URL`) a fresh database, and an app in this process on
 * it, with the real clock as the servers have, to set the scene through the API. Nothing is made on PGlite, where
 * such a test is skipped.
 */
export function useServerProcessDatabase(): {
  readonly testDb: TestDatabase;
  readonly setup: FastifyInstance;
  startServer(port: number): Promise<ChildProcess>;
} {
  let testDb: TestDatabase | undefined;
  let setup: FastifyInstance | undefined;
  beforeAll(async () => {
    if (!process.env.DATABASE_URL) return;
    testDb = await createTestDatabase();
    setup = await buildApp({ envSource: {}, logger: false, database: testDb.database, env: TEST_ENV });
  });
  afterAll(async () => {
    await setup?.close();
    await testDb?.destroy();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('no server-process database: PostgreSQL only');
    return value;
  };
  return {
    get testDb() {
      return made(testDb);
    },
    get setup() {
      return made(setup);
    },
    startServer: (port) => startServerProcess(made(testDb).url!, port),
  };
}
