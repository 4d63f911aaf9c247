import type { Clock } from '../clock.ts';
import type { Env } from '../env.ts';
import { DataCipher } from '../security/data-cipher.ts';
import { LookupHasher } from '../security/lookup-hasher.ts';
import { openDatabase, type Database } from './client.ts';
import { encryptClearColumns } from './encrypt-clear-columns.ts';
import { seedDatabase } from './seed.ts';

/**
 * Opens the configured database, migrated and seeded. Both are idempotent: starting on an up-to-date database is a
 * no-op. An injected database is the caller's, already migrated and seeded (tests seed their template once).
 */
export async function openAppDatabase(env: Env, clock: Clock): Promise<Database> {
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  try {
    await database.migrate();
    // Values from before their columns were encrypted: the key is here, not in SQL (encrypt-clear-columns.ts).
    await encryptClearColumns(database.db, {
      cipher: DataCipher.fromEnv(env),
      lookup: LookupHasher.fromEnv(env),
    });
    await seedDatabase(database.db, clock.now());
    return database;
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}
