// `npm run test:durations`: copies the durations of the files the last runs measured (Vitest's results cache under
// node_modules/.vite) into tooling/test-durations.json, which tooling/duration-sequencer.ts orders files by. Files the
// last runs did not measure keep their recorded duration; files that no longer exist are dropped. Record after a run
// on a quiet machine, all projects at once (`npm run test:unit` and `npm run test:e2e`), so the figures compare.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DURATIONS_FILE, readDurations } from './duration-sequencer.ts';

const root = resolve(import.meta.dirname, '..');
const cacheDir = join(root, 'node_modules/.vite/vitest');

type Results = { results: [string, { duration?: number; failed?: boolean }][] };

const caches = existsSync(cacheDir)
  ? readdirSync(cacheDir)
      .map((dir) => join(cacheDir, dir, 'results.json'))
      .filter((file) => existsSync(file))
  : [];
if (caches.length === 0) {
  console.error('No Vitest results cache under node_modules/.vite/vitest: run the tests first.');
  process.exit(1);
}
const newest = caches.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]!;
const measured = (JSON.parse(readFileSync(newest, 'utf8')) as Results).results;

const durations = readDurations();
let updated = 0;
for (const [key, { duration, failed }] of measured) {
  // A failed file may have stopped early: its duration says nothing of a passing run.
  if (duration === undefined || failed) continue;
  durations[key] = Math.round(duration / 100) / 10;
  updated++;
}
const kept = Object.fromEntries(
  Object.entries(durations)
    .filter(([key]) => existsSync(join(root, key.slice(key.indexOf(':') + 1))))
    .sort(([a], [b]) => a.localeCompare(b)),
);
writeFileSync(DURATIONS_FILE, `${JSON.stringify(kept, null, 2)}\n`);
console.log(`${updated} durations from ${newest}; ${Object.keys(kept).length} files recorded.`);
