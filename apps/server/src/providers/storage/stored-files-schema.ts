import { customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.ts';

/**
 * bytea, which drizzle-orm 0.45 has no column for. node-postgres reads it as a Buffer, PGlite as a plain Uint8Array:
 * both come out as a Buffer that shares their memory (no copy of a 5 MiB photo).
 */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Files of the postgres store (FILE_STORAGE=postgres, PgFileStorage): every app instance on the database reads the
 * same files. The bytes are the encrypted file store's ciphertext, never a plaintext photo.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull(),
});
