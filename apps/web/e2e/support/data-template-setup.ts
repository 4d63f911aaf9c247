// Vitest global setup of the journey projects: one server start, before any journey, leaves a migrated and seeded
// data dir (with the job queues and the demo administrator) that every journey's server starts from a copy of
// (server.ts, startServer).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runServer } from './server.ts';

export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaskita-e2e-template-'));
  const server = await runServer(dataDir);
  await server.stop();
  project.provide('e2eDataTemplate', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
