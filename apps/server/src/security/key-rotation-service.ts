import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { EncryptedFileStore } from '../providers/storage/encrypted-file-store.ts';
import { DataCipher, DecryptionError, fieldContext } from './data-cipher.ts';
import { ENCRYPTED_COLUMNS, type EncryptedColumn } from './encrypted-columns.ts';
import { rowsOf } from '../db/raw-rows.ts';

/** An encrypted column's row as the rotation reads it. */
type RawRow = { id: unknown; value: unknown };

export interface RotationCounts {
  /** Re-encrypted under the current key by this run. */
  rotated: number;
  /** Already under the current key, left untouched. */
  current: number;
  /**
   * Row ids or storage keys that could not be decrypted (unknown key, wrong key for its id, tampered, not encrypted):
   * left as they are.
   */
  failed: string[];
}

export interface RotationReport {
  keyId: string;
  columns: { column: EncryptedColumn; counts: RotationCounts }[];
  files: RotationCounts;
  /** Stopped by the signal: what was done is committed, and running again finishes the rest. */
  interrupted: boolean;
}

export interface RotationOptions {
  /** Rows per transaction: short transactions, as PGlite serves one query at a time. */
  batchSize?: number;
  /** Checked between batches and files (Ctrl-C in the command): never in the middle of one. */
  signal?: AbortSignal;
  /** After each committed batch of a column and every batchSize files. */
  onProgress?: (target: string, rotated: number) => void;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** Values under the current key decrypted per column as a check that the key behind its id has not changed. */
const CURRENT_SAMPLE = 3;

/**
 * Re-encrypts every registered column and every stored file under the current key. Idempotent: values already under
 * it are left as they are (a few per column, and every file, are decrypted as a check), so running it again after a
 * crash or an interruption only does what is left. Each batch commits on
 * its own; a crash rolls back at most one batch, and every value stays readable throughout because the retired keys
 * are still configured. Remove a retired key only after a run reports no failures.
 */
export class KeyRotationService {
  constructor(
    private readonly db: Db,
    private readonly cipher: DataCipher,
    private readonly files: EncryptedFileStore,
    private readonly columns: readonly EncryptedColumn[] = ENCRYPTED_COLUMNS,
  ) {
    for (const c of columns)
      if (![c.table, c.idColumn, c.column].every((name) => IDENTIFIER.test(name)))
        throw new Error(
          `encrypted column ${c.table}.${c.column}: table and column names must be plain identifiers`,
        );
  }

  async run(options: RotationOptions = {}): Promise<RotationReport> {
    const report: RotationReport = {
      keyId: this.cipher.currentKeyId,
      columns: [],
      files: { rotated: 0, current: 0, failed: [] },
      interrupted: false,
    };
    for (const column of this.columns) {
      if (options.signal?.aborted) break;
      report.columns.push({ column, counts: await this.rotateColumn(column, options) });
    }
    if (!options.signal?.aborted) report.files = await this.rotateFiles(options);
    report.interrupted = options.signal?.aborted ?? false;
    return report;
  }

  private async rotateColumn(column: EncryptedColumn, options: RotationOptions): Promise<RotationCounts> {
    const batchSize = options.batchSize ?? 500;
    const table = sql.identifier(column.table);
    const id = sql.identifier(column.idColumn);
    const value = sql.identifier(column.column);
    // Fields under the current key start with its prefix: they are counted, never read.
    const prefix = this.cipher.currentFieldPrefix;
    const [counted] = rowsOf(
      await this.db.execute(
        sql`select count(*)::int as n from ${table} where ${value} is not null and starts_with(${value}, ${prefix})`,
      ),
    );
    const counts: RotationCounts = { rotated: 0, current: Number(counted?.n ?? 0), failed: [] };
    // Values under the current key are skipped unread, so a DATA_ENCRYPTION_KEY changed without a new key id would go
    // unnoticed; a few of them are decrypted to catch that while the retired keys are still configured.
    const sample = rowsOf(
      await this.db.execute(
        sql`select ${id} as id, ${value} as value from ${table}
            where ${value} is not null and starts_with(${value}, ${prefix}) order by ${id} limit ${CURRENT_SAMPLE}`,
      ),
    );
    for (const row of sample) {
      const rowId = String(row.id);
      try {
        this.cipher.decryptField(String(row.value), fieldContext(column.purpose, rowId));
      } catch (error) {
        if (!(error instanceof DecryptionError)) throw error;
        counts.failed.push(rowId);
      }
    }

    // Keyset pagination: a row that fails stays behind the cursor instead of being fetched again by every batch.
    let after: string | null = null;
    while (!options.signal?.aborted) {
      const cursor: string | null = after;
      // Typed here: the cursor feeds the next batch's query, a loop TypeScript cannot infer through.
      const batch: RawRow[] = await this.db.transaction(async (tx) => {
        // FOR UPDATE: the app cannot change these rows between our read and our write.
        const rows = rowsOf<RawRow>(
          await tx.execute(sql`
            select ${id} as id, ${value} as value from ${table}
            where ${value} is not null and not starts_with(${value}, ${prefix})
            ${cursor === null ? sql`` : sql`and ${id} > ${cursor}`}
            order by ${id} limit ${batchSize} for update`),
        );
        for (const row of rows) {
          const rowId = String(row.id);
          let rotated: string | null;
          try {
            rotated = this.cipher.rotateField(String(row.value), fieldContext(column.purpose, rowId));
          } catch (error) {
            if (!(error instanceof DecryptionError)) throw error;
            counts.failed.push(rowId);
            continue;
          }
          if (rotated === null) continue;
          await tx.execute(sql`update ${table} set ${value} = ${rotated} where ${id} = ${rowId}`);
          counts.rotated += 1;
        }
        return rows;
      });
      const last = batch.at(-1);
      if (!last) break;
      after = String(last.id);
      options.onProgress?.(`${column.table}.${column.column}`, counts.rotated);
      if (batch.length < batchSize) break;
    }
    return counts;
  }

  private async rotateFiles(options: RotationOptions): Promise<RotationCounts> {
    const batchSize = options.batchSize ?? 500;
    const counts: RotationCounts = { rotated: 0, current: 0, failed: [] };
    let seen = 0;
    for await (const key of this.files.list()) {
      if (options.signal?.aborted) break;
      try {
        const outcome = await this.files.rotate(key);
        if (outcome === 'rotated') counts.rotated += 1;
        else if (outcome === 'current') counts.current += 1;
      } catch (error) {
        if (!(error instanceof DecryptionError)) throw error;
        counts.failed.push(key);
      }
      seen += 1;
      if (seen % batchSize === 0) options.onProgress?.('files', counts.rotated);
    }
    return counts;
  }
}
