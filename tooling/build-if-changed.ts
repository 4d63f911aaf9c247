// `npm start`'s build step: builds the web app, the back office and the server, each only when its sources changed since
// its last build here (a fingerprint of their files is kept in the build's folder). A start on an unchanged checkout
// skips 4-15 s of Vite; `npm run build` always builds everything.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..');
/** Read by every build: the workspace's lock file, the shared compiler settings, the domain package. */
const SHARED = ['package-lock.json', 'tsconfig.base.json', 'packages/domain/src'];
/** Never inputs of a build: outputs, installed packages and the browser journeys. */
const SKIPPED = new Set(['dist', 'node_modules', 'e2e']);

interface Target {
  name: string;
  script: string;
  outDir: string;
  inputs: string[];
}

const TARGETS: Target[] = [
  { name: 'web app', script: 'build:web', outDir: 'apps/web/dist', inputs: ['apps/web'] },
  { name: 'back office', script: 'build:admin', outDir: 'apps/admin/dist', inputs: ['apps/admin'] },
  {
    name: 'server',
    script: 'build:server',
    outDir: 'apps/server/dist',
    inputs: ['apps/server/src', 'apps/server/package.json', 'tooling/build-server.ts'],
  },
];

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name))
    .flatMap((entry) => filesUnder(root, join(path, entry.name)));
}

/** A hash of every input file's path and content, in a stable order, and of the VITE_* settings Vite builds in. */
export function sourceFingerprint(root: string, inputs: readonly string[]): string {
  const hash = createHash('sha256');
  const viteSettings = Object.entries(process.env).filter(([key]) => key.startsWith('VITE_'));
  hash.update(JSON.stringify(viteSettings.sort(([a], [b]) => a.localeCompare(b))));
  for (const file of [...inputs, ...SHARED].flatMap((path) => filesUnder(root, path)).sort()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const stampOf = (target: Target) => join(repoRoot, target.outDir, '.source-fingerprint');

function buildIfChanged(target: Target): void {
  const fingerprint = sourceFingerprint(repoRoot, target.inputs);
  const stamp = stampOf(target);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) {
    console.log(`${target.name}: sources unchanged since its last build, reused`);
    return;
  }
  const run = spawnSync('npm', ['run', '--silent', target.script], { cwd: repoRoot, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  writeFileSync(stamp, fingerprint);
}

if (process.argv[1] === import.meta.filename) for (const target of TARGETS) buildIfChanged(target);
