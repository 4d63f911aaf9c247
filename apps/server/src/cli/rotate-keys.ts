import { loadEnv } from '../env.ts';
import { rotateKeys } from './rotate-keys-command.ts';
import { runResumable } from './resumable-run.ts';

// `npm run keys:rotate`. Ctrl-C stops after the current batch; running again finishes the rest.
await runResumable(
  { stopping: 'Stopping after the current batch...', failure: 'Key rotation failed' },
  (signal) => rotateKeys(loadEnv(), { signal, write: (line) => console.log(line) }),
);
