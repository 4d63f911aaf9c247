import { bigint, timestamp } from 'drizzle-orm/pg-core';

// Conventions of every table: ids are text (random UUIDs made in Node) so a malformed id from a client is just
// "not found", never a cast error; every timestamp is written from the injected clock, never SQL now(), so tests
// control time.

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

/** A point in time (timestamptz), read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Whole rupiah (bigint in the database, a safe integer in Node: amounts stay under MONEY_LIMIT). */
export const money = (name: string) => bigint(name, { mode: 'number' });
