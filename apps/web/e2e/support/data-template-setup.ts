// Vitest global setup of the journey projects: compiles the server from the sources as they are (the journeys run the
// compiled server, as production does; ~2 s), then one server start, before any journey, leaves a migrated and seeded
// data dir (with the job queues and the demo administrator) that every journey's server starts from a copy of
// (server.ts, startServer).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../../tooling/build-server.ts';
import { runServer } from './server.ts';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const PREFIX = 'kaskita-e2e-template-';
/** Written last: a template dir without it is half made. */
const COMPLETE = '.complete';
/**
 * A template made this recently by the same compiled server is used again: `npm run test:e2e` runs the journeys and
 * then Lighthouse, two Vitest runs, and the second was making the same template again (~10 s of a loaded machine).
 * Not longer: a data dir made on another day may hold jobs and dates a fresh start would not.
 */
const REUSE_FOR_MS = 60 * 60 * 1000;

export default async function setup(project: TestProject): Promise<void> {
  await buildServer();
  project.provide('e2eDataTemplate', await dataTemplate());
}

/** What the template depends on: the compiled server (it migrates and seeds) and the installed packages. */
function fingerprint(): string {
  const hash = createHash('sha256').update(readFileSync(join(repoRoot, 'package-lock.json')));
  const dist = join(repoRoot, 'apps/server/dist');
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(dist, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

async function dataTemplate(): Promise<string> {
  const dir = join(tmpdir(), `${PREFIX}${fingerprint()}`);
  const marker = join(dir, COMPLETE);
  if (existsSync(marker) && Date.now() - statSync(marker).mtimeMs < REUSE_FOR_MS) return dir;
  // Older templates (other builds, or too old) go: each is a data dir of tens of MB.
  for (const name of readdirSync(tmpdir()))
    if (name.startsWith(PREFIX)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  const building = mkdtempSync(join(tmpdir(), `${PREFIX}building-`));
  const server = await runServer(building);
  await server.stop();
  writeFileSync(join(building, COMPLETE), new Date().toISOString());
  renameSync(building, dir);
  return dir;
}
