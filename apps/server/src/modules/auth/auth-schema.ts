import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
// Only for the foreign key: auth reads and writes users through the user module's service.
import { users } from '../user/user-schema.ts';

/**
 * One row per issued token pair. A refresh creates a new row in the same family and marks the old one rotated;
 * presenting a rotated refresh token again means it was stolen, so the whole family is revoked.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    familyId: text('family_id').notNull(),
    /** HMAC-SHA256 of the opaque tokens: a database leak gives no usable token. */
    accessHash: text('access_hash').notNull().unique(),
    refreshHash: text('refresh_hash').notNull().unique(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    /** HMAC of the address and browser that rotated it: only that client may present it again, within the grace. */
    rotatedBy: text('rotated_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_family_idx').on(t.familyId), index('sessions_user_idx').on(t.userId)],
);

/** SMS verification codes, stored as HMAC only. A row is also written for unknown phones on reset (nothing sent) so limits behave the same. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: text('id').primaryKey(),
    /** The phone's keyed hash (security/phone-lookup.ts): codes are only ever looked up by their number. */
    phoneHash: text('phone_hash').notNull(),
    /** login, reset, whatsapp, bank_card or pay_pin (CodePurpose): a code of one purpose never works for another. */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    /** Set when a newer code of the same phone and purpose was issued. */
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_codes_phone_hash_idx').on(t.phoneHash, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Image captchas: single use, 5 minutes. `devAnswer` is filled only outside production, for browser tests. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  devAnswer: text('dev_answer'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

/**
 * A signed-in device: one per session family (a sign-in), for the borrower's list of devices and the new-device SMS.
 * `device_key_hash` is the HMAC of the device's cookie (`kk_device`, HttpOnly): a sign-in whose key this borrower
 * never signed in with is a new device. The address is kept masked (its network only), the browser as a short label.
 * Whether it is still signed in, and when it was last used, are read from its family's sessions.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    familyId: text('family_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    deviceKeyHash: text('device_key_hash').notNull(),
    label: text('label').notNull(),
    network: text('network').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_devices_user').on(t.userId, t.deviceKeyHash)],
);
