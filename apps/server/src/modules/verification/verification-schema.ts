import { index, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, createdAt } from '../../db/columns.ts';
import { users } from '../user/user-schema.ts';

/**
 * A borrower's WhatsApp and face checks, one row per borrower. The face columns describe the latest check; every
 * check is also a `face_checks` row (the daily limit and the audit trail).
 */
export const borrowerVerifications = pgTable('borrower_verifications', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Normalised (62...) and encrypted (whatsapp-phone-schema.ts), set only once its code was confirmed. */
  whatsappPhoneEnc: text('whatsapp_phone_enc'),
  whatsappVerifiedAt: at('whatsapp_verified_at'),
  /** 'sms' | 'whatsapp' (contract/verification.ts REMINDER_CHANNELS): where bill reminders and notices go. */
  reminderChannel: text('reminder_channel').notNull().default('sms'),
  /** 'none' | 'pass' | 'retry' | 'fail' (contract/verification.ts). */
  faceStatus: text('face_status').notNull().default('none'),
  faceReason: text('face_reason'),
  /** The encrypted selfie of the latest passed check (storage key), kept as KYC evidence. */
  selfieKey: text('selfie_key'),
  facePassedAt: at('face_passed_at'),
  /**
   * How the latest passed check saw the borrower: 'checked' (the live camera check) or 'fallback' (a single selfie,
   * for a camera that cannot run it; a person reviews the application before any loan).
   */
  faceLiveness: text('face_liveness'),
  updatedAt: at('updated_at').notNull(),
});

/** Every face check: its outcome and the provider's distance, for the daily limit, audit and threshold tuning. */
export const faceChecks = pgTable(
  'face_checks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    result: text('result').notNull(),
    reason: text('reason'),
    /** Euclidean distance between the two face descriptors; null when no comparison was made. */
    distance: real('distance'),
    provider: text('provider').notNull(),
    /** 'checked' (three frames of a live check) or 'fallback' (a single selfie); null before the live check existed. */
    liveness: text('liveness'),
    /** The nonce of the challenge the frames answered: unique, so a challenge answers one check. */
    challenge: text('challenge'),
    createdAt: createdAt(),
  },
  (t) => [
    index('face_checks_user_time').on(t.userId, t.createdAt),
    uniqueIndex('face_checks_challenge').on(t.challenge),
  ],
);
