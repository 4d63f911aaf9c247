import { parseArgs } from 'node:util';
import { loadEnv } from '../env.ts';
import { moveFilesCommand } from './move-files-command.ts';
import { runResumable } from './resumable-run.ts';

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

await runResumable(
  { stopping: 'Stopping after the current file...', failure: 'Moving files failed' },
  (signal) => moveFilesCommand(loadEnv(), { deleteSource, signal, write: (line) => console.log(line) }),
);
