// Vitest global setup of the journey projects: compiles the server from the sources as they are (the journeys run the
// compiled server, as production does; ~2 s), then one server start, before any journey, leaves a migrated and seeded
// data dir (with the job queues and the demo administrator) that every journey's server starts from a copy of
// (server.ts, startServer).
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sourceFingerprint } from '../../../../tooling/build-if-changed.ts';
import { buildServer } from '../../../../tooling/build-server.ts';
import { checkLedger, runServer } from './server.ts';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const PREFIX = 'kaskita-e2e-template-';
/** Written last: a template dir without it is half made. */
const COMPLETE = '.complete';
/**
 * A template made this recently by the same compiled server is used again: `npm test` runs the journeys and then
 * Lighthouse, two Vitest runs, and the second was making the same template again (~10 s of a loaded machine).
 * Not longer: a data dir made on another day may hold jobs and dates a fresh start would not.
 */
const REUSE_FOR_MS = 60 * 60 * 1000;

export default async function setup(project: TestProject): Promise<void> {
  await buildServer();
  project.provide('e2eDataTemplate', await dataTemplate());
}

async function dataTemplate(): Promise<string> {
  // What the template depends on: the compiled server (it migrates and seeds) and the installed packages (the lock
  // file is one of sourceFingerprint's shared inputs).
  const fingerprint = sourceFingerprint(repoRoot, ['apps/server/dist']).slice(0, 16);
  const dir = join(tmpdir(), `${PREFIX}${fingerprint}`);
  const marker = join(dir, COMPLETE);
  if (existsSync(marker) && Date.now() - statSync(marker).mtimeMs < REUSE_FOR_MS) return dir;
  // Older templates (other builds, or too old) go: each is a data dir of tens of MB.
  for (const name of readdirSync(tmpdir()))
    if (name.startsWith(PREFIX)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  const building = mkdtempSync(join(tmpdir(), `${PREFIX}building-`));
  // No schedules: a fire caught up on this start (a daily one is sent up to an hour late) would leave its work, the
  // book figures counted for one, in every journey's database.
  const server = await runServer(building, { JOB_SCHEDULES: 'false' });
  await server.stop();
  // The compiled ledger check, on each template made (the journeys read the same check from their servers' /dev/ledger).
  await checkLedger(building);
  writeFileSync(join(building, COMPLETE), new Date().toISOString());
  renameSync(building, dir);
  return dir;
}
