// The parent side of the API benches (api-bench.ts, regions-bench.ts): their servers run in a child Node process, so
// autocannon never shares the servers' event loop. A child prints one JSON line once it listens (bench-app.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// Setting up (migrations, a borrower through onboarding and the credit decision at production scrypt cost) takes
// well over a minute when the 2 cores are shared with other work.
const START_TIMEOUT_MS = 180_000;

const here = dirname(fileURLToPath(import.meta.url));

const children = new Set<ChildProcess>();
/** Kills every child still running: a bench leaving (or interrupted) must not leave servers behind. */
export function killBenchChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}
process.on('exit', killBenchChildren);

/** Starts `script` (a file of this folder) in its own Node process and waits for its "listening" line. */
export function startBenchChild<Served>(
  script: string,
  { env = {}, nodeArgs = [] }: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<{ child: ChildProcess; served: Served }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(here, script)], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('bench server did not start in time')), START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited (${code}) before listening`));
    });
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve({ child, served: JSON.parse(line) as Served });
    });
  });
}

/** Asks the child to close its servers and database, killing it should it not within 10 s. */
export async function stopBenchChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
