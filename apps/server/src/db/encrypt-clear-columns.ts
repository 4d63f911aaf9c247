import { sql, type SQL } from 'drizzle-orm';
import { LOCATION_PURPOSE } from '../modules/application/application-schema.ts';
import { HOLDER_NAME_PURPOSE } from '../modules/bank-cards/bank-cards-service.ts';
import {
  CONTACTS_PURPOSE,
  nameWordHashes,
  PROFILE_TEXT_FIELDS,
} from '../modules/profile/profile-fields-schema.ts';
import { RECIPIENT_PURPOSE } from '../jobs/outbox-recipient.ts';
import { USER_PHONE_PURPOSE } from '../modules/user/user-phone-schema.ts';
import { WHATSAPP_PHONE_PURPOSE } from '../modules/verification/whatsapp-phone-schema.ts';
import { fieldContext, type DataCipher } from '../security/data-cipher.ts';
import type { LookupHasher } from '../security/lookup-hasher.ts';
import { PHONE_LOOKUP_PURPOSE, phoneLookupHash } from '../security/phone-lookup.ts';
import type { Db } from './client.ts';
import { rowsOf } from './raw-rows.ts';

/**
 * Columns that once held personal values in clear (before migrations 0038 and 0042), each moved into an encrypted
 * column (or, for a value only ever looked up, its keyed hash). SQL
 * has no key, so the migration only adds the new columns and this step, run after the migrations, does the rest.
 */
interface ClearMove {
  table: string;
  idColumn: string;
  /** The clear columns read; all are dropped once no row has a value left in any. */
  clear: readonly string[];
  target: string;
  purpose: string;
  /** The plaintext of the clear values, or null when there is nothing to encrypt. */
  plaintext(values: Record<string, unknown>): string | null;
  /** Made NOT NULL once every row has a value (the schema's declaration), with `alsoRequired`. */
  required?: boolean;
  alsoRequired?: readonly string[];
  /** Another column written from the same plaintext (the name's word hashes, a phone's lookup hash). */
  alsoSet?: (plaintext: string, lookup: LookupHasher) => SQL;
  /**
   * 'hash': the target keeps only the value's keyed hash (security/phone-lookup.ts), for a value that is only ever
   * looked up, never read back (a sign-in code's phone). Default: encrypted to the row.
   */
  seal?: 'encrypt' | 'hash';
}

const text = (column: string) => (values: Record<string, unknown>) => {
  const value = values[column];
  return value === null || value === undefined ? null : String(value);
};

const PROFILE_COLUMNS: Record<keyof typeof PROFILE_TEXT_FIELDS, string> = {
  name: 'name',
  birthDate: 'birth_date',
  motherMaidenName: 'mother_maiden_name',
  address: 'address',
  email: 'email',
  companyName: 'company_name',
  companyPhone: 'company_phone',
  companyAddress: 'company_address',
};

const phoneHashColumn = (column: string) => (phone: string, lookup: LookupHasher) =>
  sql`${sql.identifier(column)} = ${phoneLookupHash(lookup, phone)}`;

export const CLEAR_MOVES: readonly ClearMove[] = [
  ...Object.entries(PROFILE_COLUMNS).map(([field, clear]): ClearMove => ({
    table: 'borrower_profiles',
    idColumn: 'user_id',
    clear: [clear],
    target: `${clear}_enc`,
    purpose: PROFILE_TEXT_FIELDS[field as keyof typeof PROFILE_TEXT_FIELDS].purpose,
    plaintext: text(clear),
    ...(field === 'name'
      ? {
          alsoSet: (name: string, lookup: LookupHasher) =>
            sql`name_word_hashes = array[${sql.join(
              nameWordHashes(lookup, name).map((hash) => sql`${hash}`),
              sql`, `,
            )}]::text[]`,
        }
      : {}),
  })),
  {
    table: 'borrower_profiles',
    idColumn: 'user_id',
    clear: ['contacts'],
    target: 'contacts_enc',
    purpose: CONTACTS_PURPOSE,
    // jsonb arrives parsed: written back as the JSON the app writes.
    plaintext: (v) => (v.contacts === null || v.contacts === undefined ? null : JSON.stringify(v.contacts)),
  },
  {
    table: 'bank_accounts',
    idColumn: 'id',
    clear: ['holder_name'],
    target: 'holder_name_enc',
    purpose: HOLDER_NAME_PURPOSE,
    plaintext: text('holder_name'),
    required: true,
  },
  {
    table: 'credit_applications',
    idColumn: 'id',
    clear: ['longitude', 'latitude'],
    target: 'location_enc',
    purpose: LOCATION_PURPOSE,
    plaintext: (v) =>
      v.longitude === null && v.latitude === null
        ? null
        : JSON.stringify({ longitude: String(v.longitude ?? ''), latitude: String(v.latitude ?? '') }),
    required: true,
  },
  // Migration 0042: the phone numbers.
  {
    table: 'users',
    idColumn: 'id',
    clear: ['phone'],
    target: 'phone_enc',
    purpose: USER_PHONE_PURPOSE,
    plaintext: text('phone'),
    alsoSet: phoneHashColumn('phone_hash'),
    required: true,
    alsoRequired: ['phone_hash'],
  },
  {
    table: 'borrower_verifications',
    idColumn: 'user_id',
    clear: ['whatsapp_phone'],
    target: 'whatsapp_phone_enc',
    purpose: WHATSAPP_PHONE_PURPOSE,
    plaintext: text('whatsapp_phone'),
  },
  {
    table: 'message_outbox',
    idColumn: 'id',
    clear: ['recipient'],
    target: 'recipient_enc',
    purpose: RECIPIENT_PURPOSE,
    // '-' is what the eraser left of a closed account's number: erased stays erased.
    plaintext: (v) => (v.recipient === null || v.recipient === '-' ? null : String(v.recipient)),
    alsoSet: phoneHashColumn('recipient_hash'),
  },
  {
    table: 'sms_codes',
    idColumn: 'id',
    clear: ['phone'],
    target: 'phone_hash',
    purpose: PHONE_LOOKUP_PURPOSE,
    plaintext: text('phone'),
    seal: 'hash',
    required: true,
  },
];

export interface ClearColumnsReport {
  /** Rows encrypted by this run, by `table.target`. */
  encrypted: Record<string, number>;
  /** The clear columns this run dropped. */
  dropped: string[];
}

/**
 * Encrypts what is left in the clear columns of CLEAR_MOVES, then drops them. Run at start after the SQL migrations
 * (app-database.ts), and idempotent: once the clear columns are gone it only looks them up. Each batch is its own
 * transaction and clears the values it encrypted, so an interrupted run loses nothing and the next one goes on where
 * it stopped; FOR UPDATE SKIP LOCKED lets two starting processes share the work instead of encrypting a row twice.
 */
export async function encryptClearColumns(
  db: Db,
  protection: { cipher: DataCipher; lookup: LookupHasher },
  options: { batchSize?: number } = {},
): Promise<ClearColumnsReport> {
  const batchSize = options.batchSize ?? 500;
  const report: ClearColumnsReport = { encrypted: {}, dropped: [] };
  for (const move of CLEAR_MOVES) {
    const present = await existingColumns(db, move.table, move.clear);
    if (present.length === 0) continue;
    const table = sql.identifier(move.table);
    const id = sql.identifier(move.idColumn);
    const target = sql.identifier(move.target);
    const anyClear = sql.join(
      present.map((c) => sql`${sql.identifier(c)} is not null`),
      sql` or `,
    );
    const reads = sql.join(
      present.map((c) => sql.identifier(c)),
      sql`, `,
    );
    const clears = sql.join(
      present.map((c) => sql`${sql.identifier(c)} = null`),
      sql`, `,
    );
    let count = 0;
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const rows = rowsOf(
          await tx.execute(sql`select ${id} as row_id, ${target} as target, ${reads} from ${table}
            where ${anyClear} order by ${id} limit ${batchSize} for update skip locked`),
        );
        for (const row of rows) {
          const rowId = String(row.row_id);
          const plaintext = move.plaintext(row);
          // A value written by the new code already (target set) wins over a clear one left behind.
          const sets = [clears];
          if (plaintext !== null && row.target === null) {
            const sealed =
              move.seal === 'hash'
                ? protection.lookup.hash(move.purpose, plaintext)
                : protection.cipher.encryptField(plaintext, fieldContext(move.purpose, rowId));
            sets.push(sql`${target} = ${sealed}`);
            const also = move.alsoSet?.(plaintext, protection.lookup);
            if (also) sets.push(also);
            count += 1;
          }
          await tx.execute(sql`update ${table} set ${sql.join(sets, sql`, `)} where ${id} = ${rowId}`);
        }
        return rows.length < batchSize;
      });
      if (done) break;
    }
    report.encrypted[`${move.table}.${move.target}`] = count;
    // Dropped only when no clear value is left (rows another process holds are still there).
    const [left] = rowsOf(await db.execute(sql`select count(*)::int as n from ${table} where ${anyClear}`));
    if (Number(left?.n ?? 0) > 0) continue;
    await db.transaction(async (tx) => {
      for (const column of present)
        await tx.execute(sql`alter table ${table} drop column if exists ${sql.identifier(column)}`);
      if (!move.required) return;
      // Required as the schema declares it, unless a row has no value at all (left for a person to look at).
      for (const column of [move.target, ...(move.alsoRequired ?? [])]) {
        const required = sql.identifier(column);
        const [missing] = rowsOf(
          await tx.execute(sql`select count(*)::int as n from ${table} where ${required} is null`),
        );
        if (Number(missing?.n ?? 0) === 0)
          await tx.execute(sql`alter table ${table} alter column ${required} set not null`);
      }
    });
    report.dropped.push(...present.map((c) => `${move.table}.${c}`));
  }
  return report;
}

async function existingColumns(db: Db, table: string, columns: readonly string[]): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`),
  );
  const names = new Set(rows.map((r) => String(r.column_name)));
  return columns.filter((c) => names.has(c));
}
