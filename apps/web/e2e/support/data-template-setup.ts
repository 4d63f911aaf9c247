// Vitest global setup of the journey projects: compiles the server from the sources as they are (the journeys run the
// compiled server, as production does; ~2 s), then one server start, before any journey, leaves a migrated and seeded
// data dir (with the job queues and the demo administrator) that every journey's server starts from a copy of
// (server.ts, startServer).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../../tooling/build-server.ts';
import { runServer } from './server.ts';

export default async function setup(project: TestProject): Promise<() => void> {
  await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'kaskita-e2e-template-'));
  const server = await runServer(dataDir);
  await server.stop();
  project.provide('e2eDataTemplate', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
