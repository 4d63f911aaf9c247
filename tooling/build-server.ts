// `npm run build:server`: compiles the server and its command-line tools to JavaScript in apps/server/dist, run with
// plain Node (`npm run serve`). esbuild (already Vite's and tsx's compiler) bundles our own code, the workspace's
// domain package included; npm packages stay imports, resolved from node_modules as the sources resolve them (PGlite,
// sharp, tesseract and TensorFlow load files of their own from there).
import { build } from 'esbuild';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { basename, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..');
const serverDir = resolve(repoRoot, 'apps/server');
const SERVER_DIST_DIR = resolve(serverDir, 'dist');

/** The npm packages the server may import: left to Node, never bundled. */
function npmPackages(): string[] {
  const names = new Set<string>();
  for (const manifest of ['package.json', 'apps/server/package.json', 'packages/domain/package.json']) {
    const json = JSON.parse(readFileSync(resolve(repoRoot, manifest), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'devDependencies']) {
      for (const name of Object.keys((json[field] as Record<string, string> | undefined) ?? {})) {
        if (!name.startsWith('@kaskita/')) names.add(name);
      }
    }
  }
  return [...names];
}

export async function buildServer(): Promise<void> {
  rmSync(SERVER_DIST_DIR, { recursive: true, force: true });
  await build({
    entryPoints: {
      server: 'apps/server/src/server.ts',
      'ledger-check': 'apps/server/src/cli/ledger-check.ts',
      'rotate-keys': 'apps/server/src/cli/rotate-keys.ts',
      'move-files': 'apps/server/src/cli/move-files.ts',
      'create-admin': 'apps/server/src/cli/create-admin.ts',
    },
    absWorkingDir: repoRoot,
    outdir: SERVER_DIST_DIR,
    bundle: true,
    // The entries share most of the app: one copy of it in chunks, not five.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    external: npmPackages().flatMap((name) => [name, `${name}/*`]),
    sourcemap: true,
    logLevel: 'warning',
  });
  // The face engines' worker threads are loaded by URL beside the module that starts them, now a chunk here.
  for (const worker of ['face-check/face-api-worker.mjs', 'liveness/human-liveness-worker.mjs'])
    copyFileSync(resolve(serverDir, 'src/providers', worker), resolve(SERVER_DIST_DIR, basename(worker)));
}

if (process.argv[1] === import.meta.filename) await buildServer();
