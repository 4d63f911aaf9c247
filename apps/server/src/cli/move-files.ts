import { parseArgs } from 'node:util';
import { DrizzleQueryError } from 'drizzle-orm';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { EnvError, loadEnv } from '../env.ts';
import { moveFilesCommand } from './move-files-command.ts';

// `npm run files:move [-- --delete-source]`. Ctrl-C stops after the current file; running again finishes the rest.
let deleteSource: boolean;
try {
  deleteSource = parseArgs({ options: { 'delete-source': { type: 'boolean', default: false } } }).values[
    'delete-source'
  ];
} catch (error) {
  console.error((error as Error).message);
  console.error('Usage: npm run files:move [-- --delete-source]');
  process.exit(1);
}

const controller = new AbortController();
process.once('SIGINT', () => {
  console.log('Stopping after the current file...');
  controller.abort();
});

try {
  const code = await moveFilesCommand(loadEnv(), {
    deleteSource,
    signal: controller.signal,
    write: (line) => console.log(line),
  });
  process.exit(code);
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) console.error(error.message);
  // A failed query's message and parameters quote a file's bytes; the driver's own message names only the problem.
  else if (error instanceof DrizzleQueryError) console.error('Moving files failed:', error.cause?.message);
  else console.error('Moving files failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
