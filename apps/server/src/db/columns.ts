import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';
import type { Rupiah } from '@kaskita/domain/money/rupiah';

// Conventions of every table: ids are text (random UUIDs made in Node) so a malformed id from a client is just
// "not found", never a cast error; every timestamp is written from the injected clock, never SQL now(), so tests
// control time.

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

/** A point in time (timestamptz), read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Whole rupiah (bigint in the database, a safe integer in Node: amounts stay under MONEY_LIMIT). Read and written as
 * Rupiah: the column is where an amount crosses from the database, and a bigint column holds whole numbers only, so
 * the type says what the database guarantees (no check is added to each row read).
 */
export const money = (name: string) => bigint(name, { mode: 'number' }).$type<Rupiah>();

/** Whole rupiah in an integer column: the amounts a borrower types into the profile (at most Rp100,000,000). */
export const integerMoney = (name: string) => integer(name).$type<Rupiah>();
