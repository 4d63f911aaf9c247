import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appConfig } from './config-schema.ts';

export class ConfigRepository {
  async all(db: DbOrTx): Promise<Array<{ key: string; value: unknown }>> {
    return db.select({ key: appConfig.key, value: appConfig.value }).from(appConfig);
  }

  async one(db: DbOrTx, key: string): Promise<{ value: unknown } | undefined> {
    const [row] = await db.select({ value: appConfig.value }).from(appConfig).where(eq(appConfig.key, key));
    return row;
  }

  async set(db: DbOrTx, key: string, value: unknown, now: Date): Promise<void> {
    await db
      .insert(appConfig)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: appConfig.key, set: { value, updatedAt: now } });
  }
}
