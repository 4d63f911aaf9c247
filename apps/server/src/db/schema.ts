import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Ids are text (random UUIDs made in Node) so a malformed id from a client is just "not found", never a cast error.
// Every timestamp is written from the injected clock, never SQL now(), so tests control time.

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

/** A borrower. Status columns feed GET /v2/user/status (spec section 4); the loan engine will write them. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  /** Normalised phone, 62... (validation/phone.ts). */
  phone: text('phone').notNull().unique(),
  /** scrypt$N$r$p$salt$hash, or null until the borrower sets one. */
  passwordHash: text('password_hash'),
  verify: smallint('verify').notNull().default(0),
  billStatus: smallint('bill_status').notNull().default(0),
  loanFailStatus: smallint('loan_fail_status').notNull().default(0),
  afPushStatus: smallint('af_push_status').notNull().default(0),
  afStatus: smallint('af_status').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

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
    phone: text('phone').notNull(),
    /** 'login' or 'reset': a code of one purpose never works for the other. */
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
    index('sms_codes_phone_idx').on(t.phone, t.createdAt),
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

/** Sliding-window rate-limit log: one row per counted event. In the database so limits survive restarts. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_events_lookup_idx').on(t.bucket, t.subject, t.createdAt)],
);

/** Messages the dev SMS provider "sent" (never used in production). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    toPhone: text('to_phone').notNull(),
    text: text('text').notNull(),
    code: text('code'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.toPhone, t.id)],
);

/** Key/value configuration the web fetches once (support phone, store links ...). */
export const appConfig = pgTable('app_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`now()`),
});

/** Loan products as the pricing engine defines them (JSON owned by packages/domain/src/pricing). */
export const loanProducts = pgTable('loan_products', {
  id: text('id').primaryKey(),
  data: jsonb('data').notNull(),
  active: smallint('active').notNull().default(1),
  sort: integer('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .default(sql`now()`),
});

// ---- provider callbacks (apps/server/src/callbacks) ------------------------------------------------------------

/**
 * The inbox of verified provider callbacks: one row per (provider, event id), written in the same transaction as the
 * business change it caused, so a replay finds the row and changes nothing (architecture rule 12). Only a hash of
 * the body is kept: callbacks carry personal data (names, bank accounts, phones) that the business tables already
 * hold where needed, and the hash is enough to tell a true replay from a different body under a reused event id.
 */
export const callbackInbox = pgTable(
  'callback_inbox',
  {
    /** Our name of the provider, the path segment after /api/callbacks/ (e.g. 'xendit'). */
    provider: text('provider').notNull(),
    /** The provider's id of the event: unique per provider, the key a retry repeats. */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** SHA-256 (hex) of the raw body as received. */
    bodyHash: text('body_hash').notNull(),
    /** When the provider says the event happened, if it says. */
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** 'applied' (state changed) or 'ignored' (verified but nothing to change, e.g. an out-of-order status). */
    outcome: text('outcome').notNull(),
  },
  (t) => [
    primaryKey({ name: 'callback_inbox_pk', columns: [t.provider, t.eventId] }),
    // For a later retention sweep: rows older than every provider's retry horizon can go.
    index('callback_inbox_received_idx').on(t.receivedAt),
  ],
);

// ---- jobs and the outbox (apps/server/src/jobs). pg-boss keeps its own tables in schema `pgboss`, created by pg-boss.

/**
 * Transactional outbox: every message to a person (SMS, WhatsApp, later merchant webhooks) is written here in the
 * transaction of the business change that causes it, and a job delivers it after commit. `body` holds the text (with
 * any code in it) only until the message is sent or given up; `withheld` rows stand for messages deliberately not sent
 * (a reset code for an unknown phone), so such requests do the same work as real ones.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: text('id').primaryKey(),
    /** 'sms' | 'whatsapp'. */
    channel: text('channel').notNull(),
    /** Normalised phone (62...) for sms and whatsapp. */
    recipient: text('recipient').notNull(),
    body: text('body'),
    /** 'pending' | 'sent' | 'failed' | 'withheld'. */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The gateway's last error (no message text). */
    lastError: text('last_error'),
    /** Makes a repeated write of the same message a no-op (e.g. `sms-code:<code id>`); also sent to the gateway. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('message_outbox_status_idx').on(t.status, t.createdAt)],
);
