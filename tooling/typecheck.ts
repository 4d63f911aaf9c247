// Type checks every TypeScript project with TypeScript 7, the native compiler (`typescript-7` in package.json), one
// project after the other, each on one thread, and reports every project that fails rather than the first.
//
// Why not `tsc` from `typescript` 5.9: measured on the 2-core machine on 2026-11-30, the eight projects took 141 CPU
// seconds with 5.9 and 39 with 7 on one thread (84 with 7's default four checkers, whose threads only contend on two
// cores); the type checks run beside ESLint in `npm run checks`, so CPU seconds are what they cost. 5.9 stays the
// `typescript` package: typescript-eslint's typed rules, Vite and knip load it (typescript-eslint supports < 6.1).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const PROJECTS = [
  'packages/domain',
  'apps/server',
  'apps/web',
  'apps/web/e2e',
  'apps/admin',
  'apps/admin/e2e',
  'bench',
  'tooling',
];

// The package's own bin, by path: node_modules/.bin/tsc may be either package's, depending on how npm linked them.
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin', 'tsc');

const failed = PROJECTS.filter((project) => {
  const started = performance.now();
  const run = spawnSync(process.execPath, [tsc, '--singleThreaded', '--pretty', '-p', project], {
    stdio: 'inherit',
  });
  console.log(
    `${run.status === 0 ? 'ok    ' : 'FAILED'} ${project} (${Math.round(performance.now() - started)} ms)`,
  );
  return run.status !== 0;
});
if (failed.length > 0) {
  console.error(`Type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
