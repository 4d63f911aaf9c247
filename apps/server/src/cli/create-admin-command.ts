import { z } from 'zod';
import { staffEmailSchema } from '@kaskita/domain/contract/admin';
import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import { newPasswordFieldSchema } from '@kaskita/domain/validation/password';
import { systemClock, type Clock } from '../clock.ts';
import { openDatabase, type Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import { AppError } from '../http/app-error.ts';
import { standaloneStaffAccounts } from '../modules/staff/standalone-staff-accounts.ts';
import { assertChoosablePassword } from '../security/common-passwords.ts';

export interface NewAdministrator {
  email: string;
  name: string;
  password: string;
}

export interface CreateAdminOptions {
  /** An open database (tests); otherwise the one the settings name, migrated, and closed at the end. */
  database?: Database;
  clock?: Clock;
  /** Where the report goes. It never repeats the password. */
  write: (line: string) => void;
}

const detailsSchema = z.object({
  email: staffEmailSchema,
  name: z.string().trim().min(1).max(100),
  password: newPasswordFieldSchema,
});

/** The audit row's actor: a person at the server's command line. */
const OPERATOR = { kind: 'operator', tool: 'admin:create' } as const;

/**
 * `npm run admin:create`: the first administrator (or another, when nobody can sign in to add one), with the password
 * the operator chose under the borrowers' rules, never a default. A command with its audit row like any creation.
 * Returns the exit code.
 */
export async function createAdministrator(
  env: Env,
  details: NewAdministrator,
  options: CreateAdminOptions,
): Promise<number> {
  const { write } = options;
  const parsed = detailsSchema.safeParse(details);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      write(`${issue.path.join('.')}: ${validationMessage(issue.message, 'en-US')}`);
    return 1;
  }
  const member = { email: parsed.data.email, name: parsed.data.name, role: 'administrator' as const };
  try {
    assertChoosablePassword(parsed.data.password, '');
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    write(`password: ${validationMessage(error.messageKey ?? 'password.rule', 'en-US')}`);
    return 1;
  }

  const database = options.database ?? (await openConfigured(env));
  try {
    const { db } = database;
    const accounts = standaloneStaffAccounts(db, env, options.clock ?? systemClock);
    try {
      const created = await accounts.createWithPassword(
        OPERATOR,
        member,
        parsed.data.password,
        'npm run admin:create',
      );
      write(`Created administrator ${created.email} (${created.id}).`);
      write('Sign in at POST /api/admin/sign_in; the first sign-in sets up an authenticator app (TOTP).');
      return 0;
    } catch (error) {
      if (error instanceof AppError && error.key === 'STAFF_EMAIL_TAKEN') {
        write(`A staff member with the e-mail ${member.email} already exists: nothing was changed.`);
        return 1;
      }
      throw error;
    }
  } finally {
    if (!options.database) await database.close();
  }
}

async function openConfigured(env: Env): Promise<Database> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 2 }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  // Before the first `npm start` the tables may not exist yet; migrating is a no-op on an up-to-date database.
  await database.migrate();
  return database;
}
