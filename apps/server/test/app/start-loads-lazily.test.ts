// What only some requests need is not loaded at every start of the server (the journeys start 22 servers; production
// restarts too): pdf-lib (140-190 ms of CPU) when a document is rendered, the AWS SDK (120-220 ms) with
// FILE_STORAGE=s3 only, sharp (87-133 ms) by the first image, qrcode (40-90 ms) by the first authenticator enrolment.
// Measured in a process of its own, as a start is.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../helpers/packages-loaded-at-start.ts', import.meta.url));
/** Each package, as the CommonJS cache names it. */
const LAZY: Record<string, (name: string) => boolean> = {
  'pdf-lib': (name) => name === 'pdf-lib',
  'the AWS SDK': (name) => name === '@aws-sdk/client-s3',
  "sharp's native binding": (name) => /^@img\/sharp-(?!libvips)/.test(name),
  qrcode: (name) => name === 'qrcode',
};
const withoutDatabaseUrl = ({ DATABASE_URL: _left, ...env }: NodeJS.ProcessEnv) => env;

describe('the server start', () => {
  it('loads none of pdf-lib, the AWS SDK, sharp and qrcode, each loaded by its first use', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT], {
      encoding: 'utf8',
      // Its own throwaway embedded database whatever the suite runs on (this file opens none: the second pass skips it).
      env: { ...withoutDatabaseUrl(process.env), NODE_ENV: 'test' },
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const { atStart, afterUse } = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      atStart: string[];
      afterUse: string[];
    };
    // The start did load packages through the same cache: the check can see one.
    expect(atStart).toContain('fastify');
    for (const [name, is] of Object.entries(LAZY)) {
      expect(atStart.filter(is), `${name} at start`).toEqual([]);
      expect(afterUse.filter(is), `${name} after use`).not.toEqual([]);
    }
  }, 150_000);
});
