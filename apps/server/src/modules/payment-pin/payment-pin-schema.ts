import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.ts';
import { users } from '../user/user-schema.ts';

/**
 * The borrower's 6-digit payment PIN, scrypt-hashed like passwords. `failed_tries` counts wrong PINs in a row; at
 * PAY_PIN_MAX_TRIES the PIN locks until `locked_until` (a reset by SMS code clears both).
 */
export const payPins = pgTable('pay_pins', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  pinHash: text('pin_hash').notNull(),
  failedTries: integer('failed_tries').notNull().default(0),
  lockedUntil: at('locked_until'),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull(),
});

export type PayPinRow = typeof payPins.$inferSelect;
