import { asc, eq, gt, sql } from 'drizzle-orm';
import { systemClock, type Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { assertStorageKey, type FileStorage } from './file-storage.ts';
import { storedFiles } from './stored-files-schema.ts';

/** Keys read per query by list(): the keys alone, so a page is small however large the files are. */
const LIST_PAGE_SIZE = 500;

/**
 * Files in the app's own database (the stored_files table), so every instance on one database reads what any other
 * wrote, on PostgreSQL and PGlite alike. One statement per call: a put is a single upsert, which readers see whole or
 * not at all. The bytes are stored as given; the encrypted file store above has already encrypted them.
 */
export class PgFileStorage implements FileStorage {
  constructor(
    private readonly db: Db,
    /** Stamps created_at and updated_at (architecture rule 6: time is injected). */
    private readonly clock: Clock = systemClock,
    private readonly pageSize = LIST_PAGE_SIZE,
  ) {}

  async put(key: string, data: Uint8Array): Promise<void> {
    assertStorageKey(key);
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const now = this.clock.now();
    await this.db
      .insert(storedFiles)
      .values({ key, bytes, size: bytes.byteLength, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: storedFiles.key,
        set: { bytes: sql`excluded.bytes`, size: sql`excluded.size`, updatedAt: now },
      });
  }

  async get(key: string): Promise<Buffer | null> {
    assertStorageKey(key);
    const [row] = await this.db
      .select({ bytes: storedFiles.bytes })
      .from(storedFiles)
      .where(eq(storedFiles.key, key));
    return row?.bytes ?? null;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    await this.db.delete(storedFiles).where(eq(storedFiles.key, key));
  }

  async exists(key: string): Promise<boolean> {
    assertStorageKey(key);
    const rows = await this.db
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(eq(storedFiles.key, key));
    return rows.length > 0;
  }

  /**
   * Pages of keys in key order, each after the last key of the one before (keyset pagination): no cursor or
   * transaction is held between pages, and files put or deleted meanwhile neither repeat nor hide the others.
   */
  async *list(): AsyncIterable<string> {
    let after: string | null = null;
    for (;;) {
      const page: { key: string }[] = await this.db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(after === null ? undefined : gt(storedFiles.key, after))
        .orderBy(asc(storedFiles.key))
        .limit(this.pageSize);
      for (const { key } of page) yield key;
      const last = page.at(-1);
      if (!last || page.length < this.pageSize) return;
      after = last.key;
    }
  }
}
