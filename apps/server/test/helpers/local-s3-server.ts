import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface LocalS3Server {
  /** The settings that point FILE_STORAGE=s3 at it (a bucket of its own), as the environment would give them. */
  readonly settings: Record<string, string>;
  close(): Promise<void>;
}

export const LOCAL_S3_BUCKET = 'kaskita-test-files';
/** The server's one account. It refuses other access key ids but checks no SigV4 signature, so not the secret. */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const SERVER = fileURLToPath(new URL('./local-s3-server-process.mjs', import.meta.url));

/**
 * An S3-compatible server (s3rver) in a process of its own on a free port of 127.0.0.1, keeping its objects in a new
 * temporary folder, with one empty bucket. close() stops it and removes the folder.
 */
export async function startLocalS3Server(): Promise<LocalS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'kaskita-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', SERVER, directory, LOCAL_S3_BUCKET], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  try {
    const lines = createInterface({ input: child.stdout });
    const first = await Promise.race([
      once(lines, 'line').then(([line]) => String(line)),
      exited.then(([code]) => {
        throw new Error(`the local S3 server exited with ${String(code)}`);
      }),
    ]);
    const port = Number(first);
    if (!Number.isInteger(port) || port <= 0) throw new Error(`the local S3 server printed "${first}"`);
    return {
      settings: {
        FILE_STORAGE: 's3',
        S3_BUCKET: LOCAL_S3_BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
      },
      async close() {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await exited;
        }
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}
