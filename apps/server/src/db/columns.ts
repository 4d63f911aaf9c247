import { bigint, customType, integer, timestamp } from 'drizzle-orm/pg-core';
import type { Rupiah } from '@kaskita/domain/money/rupiah';

// Conventions of every table: ids are text (random UUIDs made in Node) so a malformed id from a client is just
// "not found", never a cast error; every timestamp is written from the injected clock, never SQL now(), so tests
// control time.

/**
 * An id, or a code compared only for equality and order (a state): text compared byte by byte (collation "C"),
 * whatever the database's locale. Under a locale's collation every comparison of an index insert, a join and a sort
 * goes through strcoll, and PostgreSQL turns off abbreviated sort keys: on an en_US.UTF-8 database (the official
 * postgres image's locale, compose.yaml's) the worst nightly book of 100,000 loans took 17.4-18.4 s (33-35 s of
 * database CPU) with these columns in the default collation and 9.7-10.4 s (18-19 s) in "C"; on C.UTF-8 no
 * difference was measured (9.0-11.0 s both; the accrual bench's worst night in a one-book harness, uuid ids,
 * 2026-12-03). ASCII ids order the same either way. Used on the tables of a million rows the night rewrites (loans, their bills, the ledger).
 */
export const key = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

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
