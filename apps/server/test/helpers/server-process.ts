import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

/**
 * `npm run serve` in its own process on `databaseUrl`, answering once `/api/v1/config` does: for the tests that kill a
 * server mid-request and start another (no job workers: only the request under test runs).
 */
export async function startServerProcess(databaseUrl: string, port: number): Promise<ChildProcess> {
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
