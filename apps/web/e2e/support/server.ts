// Starts the real server for a journey, on a free port: the compiled one (`npm run build:server`, which the journeys'
// global setup runs), as production runs it, with the built web app and embedded PGlite in a temp folder.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { apiPath } from './api-path.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A stopped server's data dir, migrated and seeded (data-template-setup.ts); each journey starts on a copy. */
    e2eDataTemplate?: string;
  }
}

const repoRoot = resolve(import.meta.dirname, '../../../..');

export type RunningServer = {
  baseUrl: string;
  stop: () => Promise<void>;
  /** What the server has written to stdout and stderr so far (its JSON log lines). */
  log: () => string;
};

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port')),
      );
    });
  });
}

async function waitUntilUp(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  // Three minutes: a first start migrates and seeds, and a loaded 2-core machine has taken over one.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(baseUrl + apiPath('getUserStatus'));
      if (res.headers.get('content-type')?.includes('json')) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start within 180 s:\n${output()}`);
}

/**
 * A server on a database of its own: a copy of the run's data template when the project has one (it saves each
 * journey the first start's migrations and seed, ~5 s of CPU), else a new one. `stop` checks its ledger and deletes it.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaskita-e2e-'));
  const template = inject('e2eDataTemplate');
  if (template) cpSync(template, dataDir, { recursive: true });
  const server = await runServer(dataDir, env);
  return {
    baseUrl: server.baseUrl,
    log: server.log,
    stop: async () => {
      try {
        await checkServedLedger(server.baseUrl);
      } finally {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** Starts a server on `dataDir` until it is stopped; the data dir is left as the server left it. */
export async function runServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'development',
      // Links and the demo shop's webhooks (/dev/merchant/webhook) reach this server, not whatever runs on port 3000.
      PUBLIC_APP_URL: baseUrl,
      // The live face check asks for a turn, which the fixtures' woman A answers (server test/helpers/live-frames.ts).
      LIVENESS_ACTIONS: 'turn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await waitUntilUp(baseUrl, child, () => log);
  return {
    baseUrl,
    log: () => log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * The ledger check on a journey's database before its server stops, through the server's /dev/ledger (the same check
 * as `npm run ledger:check`, on the server's own database): whatever a journey did to loans and payments, every
 * journal entry balances and every loan agrees with its journal.
 */
async function checkServedLedger(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/dev/ledger`);
  if (res.status !== 200)
    throw new Error(
      `the ledger check failed on the journey's database (${res.status}):\n${await res.text()}`,
    );
}

/**
 * The compiled `npm run ledger:check` (apps/server/dist/ledger-check.js) on a stopped server's data dir: the journeys'
 * global setup runs it once on the data template, so the command production runs is run as it is built.
 */
export async function checkLedger(dataDir: string): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, ['apps/server/dist/ledger-check.js'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`the ledger check failed on the journey's database:\n${stdout}${stderr}`);
  }
}
