import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { EnvError, loadEnv } from '../env.ts';
import { runLedgerCheck } from './ledger-check-command.ts';

// `npm run ledger:check`: exit 0 when the books agree, 1 otherwise (each problem printed by id, never by person).
try {
  process.exit(await runLedgerCheck(loadEnv(), (line) => console.log(line)));
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error('Ledger check failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
