import { DrizzleQueryError } from 'drizzle-orm';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { EnvError, loadEnv } from '../env.ts';
import { rotateKeys } from './rotate-keys-command.ts';

// `npm run keys:rotate`. Ctrl-C stops after the current batch; running again finishes the rest.
const controller = new AbortController();
process.once('SIGINT', () => {
  console.log('Stopping after the current batch...');
  controller.abort();
});

try {
  const code = await rotateKeys(loadEnv(), { signal: controller.signal, write: (line) => console.log(line) });
  process.exit(code);
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) console.error(error.message);
  // A failed query's message and parameters quote ciphertexts; the driver's own message names only the problem.
  else if (error instanceof DrizzleQueryError) console.error('Key rotation failed:', error.cause?.message);
  else console.error('Key rotation failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
