// Orders test files longest first, from the durations recorded in tooling/test-durations.json, so that the workers
// finish together instead of one journey running alone at the end.
//
// Why not Vitest's own order: it sorts by each file's last duration, kept in node_modules/.vite, which a clean clone
// (CI) does not have; it then runs the largest files first, and file size says little of a journey's length. Measured
// on 2026-11-30 (21 journey files, three at a time, 2 cores): by size, 446 s, the last journey starting at 414 s; see
// README, Test it, for the figures in this order.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds a file took, by `<project>:<path from the repository root>`; `npm run test:durations` rewrites it. */
export type RecordedDurations = Record<string, number>;

export const DURATIONS_FILE = new URL('./test-durations.json', import.meta.url);

export function readDurations(): RecordedDurations {
  return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as RecordedDurations;
}

/** The key a file's duration is recorded under (Vitest's results cache uses the same). */
export const durationKey = (project: string, root: string, file: string) =>
  `${project}:${relative(root, file)}`;

/**
 * Sorts items by their recorded duration, longest first. A file with no recorded duration (a new one) goes first: it may be
 * long, and starting it early costs little if it is not. Ties keep their order.
 */
export function longestFirst<T>(items: T[], keyOf: (item: T) => string, durations: RecordedDurations): T[] {
  const seconds = (item: T) => durations[keyOf(item)] ?? Number.POSITIVE_INFINITY;
  return items
    .map((item, index) => ({ item, index, seconds: seconds(item) }))
    .sort((a, b) => (b.seconds === a.seconds ? a.index - b.index : b.seconds - a.seconds))
    .map(({ item }) => item);
}

export default class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order first (projects one after another, isolated files first), then longest first within a project.
    const base = await super.sort(files);
    const durations = readDurations();
    const root = this.ctx.config.root;
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of base) {
      const specs = byProject.get(spec.project.name) ?? [];
      specs.push(spec);
      byProject.set(spec.project.name, specs);
    }
    return [...byProject.values()].flatMap((specs) =>
      longestFirst(specs, (spec) => durationKey(spec.project.name, root, spec.moduleId), durations),
    );
  }
}
