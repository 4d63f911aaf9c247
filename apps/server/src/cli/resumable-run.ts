import { DrizzleQueryError } from 'drizzle-orm';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { EnvError } from '../env.ts';

/**
 * Runs a command that goes one item at a time and finishes on a second run (keys:rotate, files:move): Ctrl-C aborts
 * its signal, so it stops after the current item, and the process exits with the command's code. A failure is printed
 * as `<failure>: <reason>`; a failed query by its driver's own message, since Drizzle's quotes the parameters
 * (ciphertexts, a file's bytes).
 */
export async function runResumable(
  { stopping, failure }: { stopping: string; failure: string },
  run: (signal: AbortSignal) => Promise<number>,
): Promise<never> {
  const controller = new AbortController();
  process.once('SIGINT', () => {
    console.log(stopping);
    controller.abort();
  });
  try {
    process.exit(await run(controller.signal));
  } catch (error) {
    if (error instanceof EnvError || error instanceof DataDirLockedError) console.error(error.message);
    else if (error instanceof DrizzleQueryError) console.error(`${failure}:`, error.cause?.message);
    else console.error(`${failure}:`, error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
