import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { EnvError, loadEnv } from '../env.ts';
import { createAdministrator } from './create-admin-command.ts';

// `npm run admin:create -- --email a@b.id --name "Ayu" [--password ...]`: what is not given is asked for. A password
// typed at the prompt is not echoed (and stays out of the shell's history, unlike --password).
const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
});

/**
 * One reader for every question, read as a stream of lines: piped answers that arrive before their question is asked
 * wait in the iterator instead of being dropped.
 */
function prompter() {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question: string, hidden = false): Promise<string> {
      process.stdout.write(question);
      // What is typed for a hidden answer is not echoed.
      muted = hidden;
      try {
        const line = await lines.next();
        return line.done ? '' : line.value;
      } finally {
        muted = false;
        if (hidden) process.stdout.write('\n');
      }
    },
    close: () => rl.close(),
  };
}

try {
  const env = loadEnv();
  const prompt = prompter();
  const email = values.email ?? (await prompt.ask('E-mail: '));
  const name = values.name ?? (await prompt.ask('Name: '));
  const password = values.password ?? (await prompt.ask('Password (6-20 letters or digits): ', true));
  prompt.close();
  process.exit(
    await createAdministrator(env, { email, name, password }, { write: (line) => console.log(line) }),
  );
} catch (error) {
  if (error instanceof EnvError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error('Creating the administrator failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
