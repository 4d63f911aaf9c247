import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { Role } from '@kaskita/domain/staff/permissions';
import { at, createdAt } from '../../db/columns.ts';

/**
 * The lender's staff, apart from borrowers: they sign in to the back office with an e-mail, a password (the
 * borrowers' KDF and rules) and an authenticator app. Rows are never deleted: a staff member who leaves is disabled,
 * and the audit log keeps naming them.
 */
export const staff = pgTable(
  'staff',
  {
    id: text('id').primaryKey(),
    /** Lower-cased on the way in, so the unique index is case-insensitive. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    role: text('role').$type<Role>().notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Set by an administrator's one-time password: the member should choose their own. */
    passwordIsOneTime: boolean('password_is_one_time').notNull().default(false),
    /** Until when a one-time password signs in (ONE_TIME_PASSWORD_HOURS after it was set); null for one's own. */
    oneTimePasswordExpiresAt: at('one_time_password_expires_at'),
    /** DataCipher field bound to the row (`staff.totp_secret`); set when enrolment starts, trusted once confirmed. */
    totpSecretEnc: text('totp_secret_enc'),
    totpConfirmedAt: at('totp_confirmed_at'),
    /** The last TOTP time step accepted: a code is accepted once, never replayed within its window. */
    totpLastStep: integer('totp_last_step'),
    disabledAt: at('disabled_at'),
    createdAt: createdAt(),
  },
  // The unique e-mail is case-insensitive only while every e-mail is stored lower-cased: the database holds to it.
  (t) => [check('staff_email_lower_case', sql`${t.email} = lower(${t.email})`)],
);

/** One row per sign-in. The token is kept only as an HMAC; the row ends on idleness, its age, or a sign-out. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id),
    tokenHash: text('token_hash').notNull().unique(),
    /** When the second factor was checked; until then only the second-factor calls accept the token. */
    secondFactorAt: at('second_factor_at'),
    lastSeenAt: at('last_seen_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Recovery codes, kept as HMACs; each signs in once without the authenticator app. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: text('id').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id),
    codeHash: text('code_hash').notNull().unique(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
);
