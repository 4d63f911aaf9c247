import { date, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from '../../db/columns.ts';

/** A borrower. Status columns feed GET /v2/user/status (spec section 4); the loan engine will write them. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /**
   * The normalised phone (62..., validation/phone.ts) encrypted (user-phone-schema.ts), and its keyed hash for sign-in's
   * exact-match lookup (security/phone-lookup.ts): the number is never in clear in the table.
   */
  phoneEnc: text('phone_enc').notNull(),
  phoneHash: text('phone_hash').notNull().unique(),
  /** scrypt$N$r$p$salt$hash, or null until the borrower sets one. */
  passwordHash: text('password_hash'),
  verify: smallint('verify').notNull().default(0),
  billStatus: smallint('bill_status').notNull().default(0),
  loanFailStatus: smallint('loan_fail_status').notNull().default(0),
  afPushStatus: smallint('af_push_status').notNull().default(0),
  afStatus: smallint('af_status').notNull().default(0),
  /**
   * After a rejection (verify 3): the Asia/Jakarta date from which the borrower may edit the profile and resubmit
   * (credit/profile-lock.ts). Null otherwise.
   */
  reapplyOn: date('reapply_on', { mode: 'string' }),
  /** Blocked by the lender's staff (borrowers screen): sign-in and new loans are refused while set. */
  blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
  /**
   * The IANA zone the borrower's phone reported at its latest sign-in (the `tz` header), e.g. Asia/Makassar; null
   * until one names a zone. Reminders and collection keep to 08:00-20:00 in it (collection/collection-contact.ts).
   */
  timeZone: text('time_zone'),
  /**
   * Deleted by the borrower (Me > My data): the phone is then `closed:<id>` (sealed like a number) so it may register again as a new
   * account, and what is kept of the old one is in account_closures until its retention ends.
   */
  closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  /**
   * Where the borrower came from, written once by the sign-in that registered the phone (issue 26) and never after:
   * the channel (`cl` header), the partner key of /landing-page/:platform (only the known keys) and the agency.
   */
  signupChannel: text('signup_channel'),
  promotePlatform: text('promote_platform'),
  promoteAgency: text('promote_agency'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** A users row as the app reads it (user-repository.ts opens it): the phone in clear, the sealed columns left out. */
export type UserRow = Omit<typeof users.$inferSelect, 'phoneEnc' | 'phoneHash'> & { phone: string };

/**
 * Which version of each agreement a borrower accepted, when, and from which address: the proof a lender must keep of
 * consent to the terms and to the processing of personal data (UU PDP 27/2022). Rows are only added, never changed.
 */
export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** 'terms' or 'privacy'. */
    document: text('document').notNull(),
    /** The document's version date, e.g. 2026-11-23. */
    version: text('version').notNull(),
    ip: text('ip').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('agreement_acceptances_once').on(t.userId, t.document, t.version)],
);

/**
 * A consent the borrower withdrew (Me > My data): the acceptance stays as it was (proof of what was consented and
 * when, UU PDP Pasal 24), and this row says it stopped, and when; `restored_at` when the borrower gave it again. A
 * consent is in force when accepted and no withdrawal of it is open (at most one, unique partial index).
 */
export const consentWithdrawals = pgTable(
  'consent_withdrawals',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** 'privacy' | 'emergency_contacts' (legal/personal-data-rights.ts WITHDRAWABLE_CONSENTS). */
    document: text('document').notNull(),
    /** The version of the text that was in force for the borrower when withdrawn. */
    version: text('version').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }).notNull(),
    restoredAt: timestamp('restored_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('consent_withdrawals_user').on(t.userId, t.withdrawnAt),
    uniqueIndex('consent_withdrawals_one_open')
      .on(t.userId, t.document)
      .where(sql`${t.restoredAt} is null`),
  ],
);
