import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_HOLIDAY_CALENDAR, parseHolidays } from '@kaskita/domain/collection/holidays';
import { LIVENESS_ACTIONS } from '@kaskita/domain/verification/liveness';
import { commerceCouponSchema, jsonSetting, merchantSchema } from './modules/commerce/commerce-merchants.ts';
import { isStorageKey } from './providers/storage/file-storage.ts';

/**
 * The repository root, so default paths work whatever the current directory is: the nearest folder above this module
 * that holds the migrations, found rather than counted, as this module runs from apps/server/src (the sources) and
 * from a chunk in apps/server/dist (the compiled server, tooling/build-server.ts).
 */
export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'apps/server/drizzle'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no apps/server/drizzle in a folder above ${from}`);
  }
}

/** Development-only secrets: fine for `npm start` on a laptop, refused in production (production-guard.ts). */
export const DEV_TOKEN_SECRET = 'dev-only-token-secret-do-not-use-in-production-0001';
export const DEV_DATA_ENCRYPTION_KEY = 'dev-only-data-encryption-key-do-not-use-in-prod-01';
export const DEV_DATA_LOOKUP_KEY = 'dev-only-data-lookup-key-do-not-use-in-production-01';
/** Signs the sandbox bank's disbursement callbacks (the sandbox is refused in production, and so this key). */
export const DEV_DISBURSEMENT_CALLBACK_SECRET = 'dev-only-sandbox-disbursement-callback-secret-0001';
export const DEV_PAYMENT_CALLBACK_TOKEN = 'dev-only-sandbox-payment-callback-token-000000001';
export const DEV_PAYMENT_SERVER_KEY = 'dev-only-sandbox-payment-server-key-00000000000001';

const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');

/** Key ids travel inside every encrypted value (`v1.<keyId>.` and file headers): short, no dots. */
const keyId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1-32 letters, digits, "_" or "-"');

/** Secrets are high-entropy random strings (e.g. `openssl rand -base64 32`); keys are derived from them with HKDF. */
const keySecret = z.string().min(32);

/**
 * `k0:<secret>,k1:<secret>`: keys retired by a rotation, still accepted for decryption until `npm run keys:rotate`
 * has moved every value to the current key. Messages name the entry, never its text (it holds a secret).
 */
const retiredKeys = z.preprocess(
  (value, ctx) => {
    if (typeof value !== 'string') return value;
    const keys: { id: string; secret: string }[] = [];
    // Blank entries (a trailing comma) are ignored; secrets cannot contain commas (base64 never does).
    for (const [index, entry] of value.split(',').entries()) {
      if (entry.trim() === '') continue;
      const colon = entry.indexOf(':');
      if (colon < 0) {
        ctx.addIssue({ code: 'custom', message: `entry ${index + 1} is not <key id>:<secret>` });
        return z.NEVER;
      }
      keys.push({ id: entry.slice(0, colon).trim(), secret: entry.slice(colon + 1).trim() });
    }
    return keys;
  },
  z.array(z.object({ id: keyId, secret: keySecret })),
);

/** proxy-addr's names for private ranges, accepted in TRUST_PROXY lists. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  // A range wider than /8 (IPv4) or /16 (IPv6) is no proxy's address: 0.0.0.0/0 would trust every client like `true`.
  const [narrowest, widest] = family === 4 ? [32, 8] : [128, 16];
  return /^\d+$/.test(prefix) && bits <= narrowest && bits >= widest;
}

/**
 * Which X-Forwarded-For entries to believe: none (`false`, the default), the last N hops (`1` for one proxy in front),
 * or those added by the listed proxy addresses/ranges. `true` (believe any entry) is refused: a client would then
 * choose its own address and walk past every per-IP limit.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    }
    const entries = value
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (value !== 'true' && entries.length > 0 && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'use the number of proxies in front of the app (1-10) or their addresses/ranges, comma-separated (e.g. 10.0.0.0/8,loopback); true would let any client choose its own address',
    });
    return z.NEVER;
  });

const powerOfTwo = z.coerce
  .number()
  .int()
  .min(2)
  .refine((n) => (n & (n - 1)) === 0, { message: 'must be a power of two' });

/**
 * Every setting of the server, with the default that makes `npm start` work on a fresh machine.
 * This is the only module that reads process.env.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** `localhost` binds both 127.0.0.1 and ::1 (the Vite dev proxy targets http://localhost:3000); 0.0.0.0 for a LAN. */
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** When set, PostgreSQL through a pg Pool; otherwise embedded PGlite persisted in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default(resolve(REPO_ROOT, 'data/pglite')),
  /** The built web app (`npm run build:web`). */
  WEB_DIST_DIR: z.string().min(1).default(resolve(REPO_ROOT, 'apps/web/dist')),
  /** The built back office (`npm run build:admin`), served under /admin. */
  ADMIN_DIST_DIR: z.string().min(1).default(resolve(REPO_ROOT, 'apps/admin/dist')),
  /** HMAC key for tokens, SMS codes and captcha answers. At least 32 characters. */
  TOKEN_SECRET: z.string().min(32).default(DEV_TOKEN_SECRET),
  /** Secret of the current key for personal data at rest (KTP numbers and photos, selfies, bank accounts). */
  DATA_ENCRYPTION_KEY: keySecret.default(DEV_DATA_ENCRYPTION_KEY),
  /** Id stored with every value encrypted under DATA_ENCRYPTION_KEY; a new key needs a new id. */
  DATA_ENCRYPTION_KEY_ID: keyId.default('k1'),
  /** Retired keys, still readable: `k0:<secret>,...`. Remove one only after `npm run keys:rotate` has run. */
  DATA_ENCRYPTION_OLD_KEYS: retiredKeys.default([]),
  /**
   * Secret of the keyed hash (blind index) of encrypted values looked up by exact match (NIK, bank account). Separate
   * from DATA_ENCRYPTION_KEY so the hashes stay valid when the encryption key rotates.
   */
  DATA_LOOKUP_KEY: keySecret.default(DEV_DATA_LOOKUP_KEY),
  /**
   * Where files (KTP photos, selfies, payment proofs, signed agreements) live, always encrypted: `local` (STORAGE_DIR on
   * this machine's disk), `postgres` (the stored_files table of this app's database) or `s3` (a bucket, S3_* below).
   * `local` serves one instance only: a second server on the same database cannot read what the first stored. Run
   * several instances on `postgres` or `s3`, moving the files there first with `npm run files:move`.
   */
  FILE_STORAGE: z.enum(['local', 'postgres', 's3']).default('local'),
  /** Files on local disk with FILE_STORAGE=local, and where `npm run files:move` takes them from. */
  STORAGE_DIR: z.string().min(1).default(resolve(REPO_ROOT, 'data/files')),
  /** The bucket of FILE_STORAGE=s3 (required with it). */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** A folder in the bucket for the files, e.g. `kaskita/files`; the bucket's root when unset. */
  S3_PREFIX: z
    .string()
    .transform((prefix) => prefix.replace(/^\/+|\/+$/g, ''))
    .refine(isStorageKey, 'must be folder names of letters, digits, ".", "_" or "-", separated by "/"')
    .optional(),
  /** An S3-compatible service's address (MinIO, a cloud's object storage); unset: AWS S3 itself. */
  S3_ENDPOINT: z.url().optional(),
  /** AWS Jakarta is ap-southeast-3; S3-compatible services mostly accept the SDK's usual us-east-1. */
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** `bucket.host/key` addresses (AWS, the default) or `host/bucket/key` (most S3-compatible services, `true`). */
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  /**
   * The access key pair, both or neither; neither: the AWS SDK's own chain (AWS_* variables, the instance's or task's
   * role).
   */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * The borrower app's public address, for links in messages (the signed agreement in the disbursement SMS). Outside
   * production the local server's.
   */
  PUBLIC_APP_URL: z.url().default('http://localhost:3000'),
  /** SMS and WhatsApp: `dev-outbox` (stored, shown at /dev/outbox; refused in production) or `zenziva`. */
  SMS_PROVIDER: z.enum(['dev-outbox', 'zenziva']).default('dev-outbox'),
  /** Zenziva console keys (SMS reguler); required with SMS_PROVIDER=zenziva. */
  ZENZIVA_USERKEY: z.string().min(1).optional(),
  ZENZIVA_PASSKEY: z.string().min(1).optional(),
  /** Zenziva's WhatsApp reguler keys when that product has its own; the SMS keys otherwise. */
  ZENZIVA_WA_USERKEY: z.string().min(1).optional(),
  ZENZIVA_WA_PASSKEY: z.string().min(1).optional(),
  /** The gateway's address; tests point it at a local server. */
  ZENZIVA_BASE_URL: z.string().url().default('https://console.zenziva.net'),
  /** Per request to the gateway, answer included. */
  ZENZIVA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Requests per message on timeouts, network errors, 5xx and 429 (1 = no retry); never on a refusal. */
  ZENZIVA_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(5).default(2),
  /** `sandbox` (fixed test NIKs) or `none`; unset: `sandbox` outside production, `none` in production. */
  CREDIT_BUREAU_PROVIDER: z.enum(['sandbox', 'none']).optional(),
  /**
   * Where the web app's analytics events go: `database` (the analytics_events table, listed at /dev/analytics; refused
   * in production), `ga4` (Google Analytics 4's Measurement Protocol, with GA4_MEASUREMENT_ID and GA4_API_SECRET) or
   * `none` (accepted and dropped). Unset: `database` outside production, `none` in production.
   */
  ANALYTICS_PROVIDER: z.enum(['database', 'ga4', 'none']).optional(),
  /** The GA4 web data stream's measurement id (Admin > Data streams), `G-...`; required with ANALYTICS_PROVIDER=ga4. */
  GA4_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,20}$/, 'must be a GA4 measurement id (G-...)')
    .optional(),
  /** A Measurement Protocol API secret of that stream; required with ANALYTICS_PROVIDER=ga4. */
  GA4_API_SECRET: z.string().min(8).optional(),
  /** GA4's collection host; `https://region1.google-analytics.com` keeps collection in the EU. Tests use a local server. */
  GA4_BASE_URL: z.string().url().default('https://www.google-analytics.com'),
  /** Per request to GA4; the browser's beacon waits for it, no borrower does. */
  GA4_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
  /**
   * Bank account name checks (onboarding's bank step): `sandbox` (README's test accounts), `flip` (Flip for Business)
   * or `none`; unset: `sandbox` outside production, `none` in production (which needs one, so refuses to start).
   */
  ACCOUNT_INQUIRY_PROVIDER: z.enum(['sandbox', 'flip', 'none']).optional(),
  /** Flip for Business secret key (dashboard, API keys); required with ACCOUNT_INQUIRY_PROVIDER or DISBURSEMENT_PROVIDER flip. */
  FLIP_SECRET_KEY: z.string().min(1).optional(),
  /**
   * Flip's API v2; `https://bigflip.id/big_sandbox_api/v2` for Flip's sandbox (refused in production). Disbursements
   * use Flip's API v3 at the same address with `/v2` replaced by `/v3`.
   */
  FLIP_BASE_URL: z.string().url().default('https://bigflip.id/api/v2'),
  /**
   * The validation token of Flip's dashboard (API settings), which Flip sends in every callback; required with
   * DISBURSEMENT_PROVIDER=flip.
   */
  FLIP_CALLBACK_TOKEN: z.string().min(1).optional(),
  /** Per request to Flip, answer included; the borrower waits for it on the bank step. */
  FLIP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How long the sandbox bank takes to answer, like a real inquiry through an aggregator. */
  ACCOUNT_INQUIRY_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(400),
  /** KTP reading: `tesseract` (offline, in a worker thread of this process) or `none`. */
  OCR_PROVIDER: z.enum(['tesseract', 'none']).default('tesseract'),
  /** One KTP read, including starting the engine on first use; beyond it the read fails and the engine restarts. */
  OCR_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** Selfie against KTP photo: `face-api` (offline, in this process) or `none`. */
  FACE_CHECK_PROVIDER: z.enum(['face-api', 'none']).default('face-api'),
  /** One face check, waiting for the engine included; beyond it the borrower is asked to try again (not counted). */
  FACE_CHECK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  /** Liveness (three frames of an action) before the face check: `human` (offline, in this process) or `none`. */
  LIVENESS_PROVIDER: z.enum(['human', 'none']).default('human'),
  /** One liveness check (three frames), waiting for the engine included; beyond it the try is not counted. */
  LIVENESS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  /**
   * The actions a live check may ask, comma-separated (`turn`, `blink`). `turn` alone by default: a turn's frames are
   * all matched to the first by face-api, a blink's closed-eyes frame cannot be (providers/README.md), so adding
   * `blink` trades that check for a second action an attacker must prepare.
   */
  LIVENESS_ACTIONS: z
    .union([
      z.string().transform((value) => value.split(',').map((action) => action.trim())),
      z.array(z.string()),
    ])
    .default(['turn'])
    .pipe(z.array(z.enum(LIVENESS_ACTIONS)).min(1)),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(2 * 60 * 60),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(30 * 24 * 60 * 60),
  /** A rotated refresh token presented again by the same client within this many seconds answers the same pair. */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** scrypt cost: N=2^15, r=8, p=1 (about 32 MiB and tens of ms per hash). */
  SCRYPT_N: powerOfTwo.default(32768),
  SCRYPT_R: z.coerce.number().int().min(1).max(32).default(8),
  SCRYPT_P: z.coerce.number().int().min(1).max(16).default(1),
  /** Behind reverse proxies: how many, or their addresses, so rate limits see the client's own address. */
  TRUST_PROXY: z
    .preprocess(
      // Typed overrides (tests) give the parsed forms back: read them as their setting would be written.
      (v) => (typeof v === 'number' || v === false ? String(v) : Array.isArray(v) ? v.join(',') : v),
      trustProxy,
    )
    .default(false),
  /**
   * Whether browsers reach this server over TLS only (a TLS terminator in front). Then every answer carries HSTS
   * (Strict-Transport-Security, a year, this host only): the app cannot tell by itself, and HSTS over plain HTTP is
   * ignored anyway.
   */
  BEHIND_TLS: booleanish.default(false),
  /**
   * The bearer token a Prometheus scraper sends to GET /metrics (32+ characters). Without it /metrics is open outside
   * production and not served in production, where the counts of payments and queues are not for the public.
   */
  METRICS_TOKEN: z.string().min(32).optional(),
  /** JSON and form bodies. */
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(32 * 1024),
  /**
   * Whether this process runs background jobs (workers, schedules, pg-boss maintenance). `false` makes an API-only
   * instance that still enqueues; at least one process on the database must run them.
   */
  JOB_WORKERS: booleanish.default(true),
  /**
   * Whether a working process sends scheduled jobs on their cron (wall-clock time). `false` keeps the schedules stored
   * but sends nothing on its own: tests, whose business clock is not the wall clock, send them with `jobs.trigger`
   * (a sweep sent at a ten-minute mark in the middle of a test made it wait for a job it had not asked for).
   */
  JOB_SCHEDULES: booleanish.default(true),
  /** How often an idle job worker looks for jobs enqueued by another process (its own are started at once). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /**
   * How often each working process looks for schedules' fires to send (1-45 s): a fire is sent once whatever the number
   * of processes and looks. Tests shorten it to see many processes look within one minute.
   */
  JOB_CRON_LOOK_SECONDS: z.coerce.number().int().min(1).max(45).default(30),
  /** Between an application's submit and its credit decision: the auditing countdown (0 decides at once). */
  CREDIT_DECISION_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** After a rejection, the days before the borrower may edit the profile and apply again. */
  CREDIT_REAPPLY_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  // The review queue (credit/review-rules.ts): what the rules hand to a person instead of deciding.
  /** An income above this many times the top of its declared salary range goes to a reviewer. */
  REVIEW_INCOME_RANGE_FACTOR: z.coerce.number().min(1).max(100).default(3),
  /** A passed face check at or above this distance goes to a reviewer (the same-person threshold is 0.5). */
  REVIEW_FACE_DISTANCE_FROM: z.coerce.number().min(0).max(1).default(0.45),
  /** Minutes after submit from which a credit bureau that does not answer hands the decision to a reviewer. */
  REVIEW_BUREAU_UNAVAILABLE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(120),
  /** A reviewer's approval with a limit above this (rupiah) needs a second reviewer (maker-checker). */
  REVIEW_APPROVAL_NEEDS_SECOND_ABOVE: z.coerce.number().int().min(0).default(3_000_000),
  /**
   * Who sends loans to borrowers' banks: `sandbox` (test accounts, signed callbacks), `flip` (Flip for Business, with
   * FLIP_SECRET_KEY and FLIP_CALLBACK_TOKEN) or `none`. Unset: sandbox outside production, none in production (which
   * needs one, so refuses to start).
   */
  DISBURSEMENT_PROVIDER: z.enum(['sandbox', 'flip', 'none']).optional(),
  /** How long the sandbox bank takes before its callback; -1: only when finished by hand (/dev/disbursements). */
  DISBURSEMENT_SANDBOX_DELAY_SECONDS: z.coerce.number().int().min(-1).max(86_400).default(10),
  /** The secret the sandbox bank signs its callbacks with (HMAC-SHA256 over `timestamp.body`). */
  DISBURSEMENT_SANDBOX_CALLBACK_SECRET: keySecret.default(DEV_DISBURSEMENT_CALLBACK_SECRET),
  /**
   * Where the sandbox bank posts its callbacks, e.g. `http://127.0.0.1:3000`. Unset: into this process through
   * Fastify's inject (every layer but the socket), so the sandbox works on any port and in tests.
   */
  DISBURSEMENT_SANDBOX_CALLBACK_URL: z.url().optional(),
  /**
   * Between accepting a loan and sending its money: the borrower may cancel free of charge until it leaves. 0 sends at
   * once (cancelling is then free only while the job has not started, or after the bank refused the account).
   */
  DISBURSEMENT_COOLING_OFF_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
  /** Tries of a disbursement the bank failed for a passing reason (time-out) before the borrower is told. */
  DISBURSEMENT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** Before a new try after such a failure; doubled each time. */
  DISBURSEMENT_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * Refunds of credit held when a loan closes (modules/refunds): up to this many rupiah they are sent at once; above
   * it they wait in `awaiting_approval` for staff (Rp1.000.000 by default).
   */
  REFUND_AUTO_MAX: z.coerce.number().int().min(0).max(1_000_000_000).default(1_000_000),
  /**
   * Off by default: a refund above REFUND_AUTO_MAX waits in `awaiting_approval` for two staff members (the back
   * office's maker-checker). `true` has a job approve it right after it is created (audited as the job), for a
   * deployment with no staff yet able to approve.
   */
  REFUND_AUTO_APPROVE: booleanish.default(false),
  /** Tries of a refund payout the bank failed before it stays `failed` for staff (never dropped). */
  REFUND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** Before a new refund try after a failure; doubled each time. */
  REFUND_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * Where borrowers pay in: `sandbox` (outside production), `xendit` (with XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN)
   * or `none`. Unset: sandbox outside production, none in production (which needs one, so refuses to start).
   */
  PAYMENT_GATEWAY_PROVIDER: z.enum(['sandbox', 'xendit', 'none']).optional(),
  /**
   * Xendit's secret API key (dashboard, Settings > API keys, with Money-In write permission). A development key
   * (`xnd_development_...`, Xendit's test mode) is refused in production.
   */
  XENDIT_SECRET_KEY: z
    .string()
    .regex(
      /^xnd_(development|production)_\S+$/,
      'must be a Xendit secret key (xnd_development_... or xnd_production_...)',
    )
    .optional(),
  /** The verification token of Xendit's dashboard (Callbacks), which Xendit sends in X-CALLBACK-TOKEN. */
  XENDIT_CALLBACK_TOKEN: z.string().min(1).optional(),
  /** Xendit's API; the same address serves test and live mode. Tests point it at a local server. */
  XENDIT_BASE_URL: z.string().url().default('https://api.xendit.co'),
  /** Per request to Xendit, answer included; the borrower waits for it on the pay page. */
  XENDIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** The dialect the sandbox gateway's callbacks speak: Xendit's token header or Midtrans' SHA-512 signature. */
  PAYMENT_SANDBOX_STYLE: z.enum(['xendit', 'midtrans']).default('xendit'),
  /** The sandbox's X-CALLBACK-TOKEN (Xendit style). */
  PAYMENT_SANDBOX_CALLBACK_TOKEN: keySecret.default(DEV_PAYMENT_CALLBACK_TOKEN),
  /** The sandbox's server key in the SHA-512 signature (Midtrans style). */
  PAYMENT_SANDBOX_SERVER_KEY: keySecret.default(DEV_PAYMENT_SERVER_KEY),
  /**
   * Merchants of the pay-later checkout, a JSON array of `{ app_id, name, secret, return_urls, webhook_url }`. Unset:
   * the demo shop outside production (its secret is refused in production), none in production.
   */
  COMMERCE_MERCHANTS: jsonSetting(z.array(merchantSchema)),
  /** Coupons of the checkout, a JSON array of `{ coupon, plans, label }`; unset: the built-in demo coupons. */
  COMMERCE_COUPONS: jsonSetting(z.array(commerceCouponSchema)),
  /**
   * The coupon a borrower receives when a friend who signed up through their referral link has their first loan
   * disbursed: the id of one of the checkout coupons (COMMERCE_COUPONS); the app refuses to start when none has it.
   */
  REFERRAL_COUPON_ID: z.string().trim().min(1).max(64).default('PL3-50K'),
  /** Days a referral coupon may be used, from the day it is given. */
  REFERRAL_COUPON_DAYS: z.coerce.number().int().min(1).max(730).default(90),
  /** How long a checkout link (sign_key) may be paid. */
  COMMERCE_CHECKOUT_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** A merchant's signed call is refused when its timestamp is further than this from our clock. */
  COMMERCE_SIGNATURE_WINDOW_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** The most one pay-later purchase may be (spec section 9: up to 20 million). */
  PAY_LATER_MAX_AMOUNT: z.coerce.number().int().min(50_000).max(100_000_000).default(20_000_000),
  /** The share of the borrower's available credit limit pay-later may use, in percent. */
  PAY_LATER_LIMIT_PERCENT: z.coerce.number().int().min(1).max(100).default(100),
  /** Wrong payment PINs in a row before it locks. */
  PAY_PIN_MAX_TRIES: z.coerce.number().int().min(3).max(10).default(5),
  /** How long a locked payment PIN stays locked (a reset by SMS code unlocks it at once). */
  PAY_PIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Retries of a merchant webhook the merchant did not acknowledge with a 2xx, doubling from the delay below. */
  COMMERCE_WEBHOOK_RETRIES: z.coerce.number().int().min(0).max(20).default(8),
  COMMERCE_WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** How long a virtual account or store code takes payment. */
  PAYMENT_CODE_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /**
   * The national holidays: no collection contact or overdue notice on them, and working-day promises (a complaint's 10
   * working days, a claim's answer) skip them; comma-separated YYYY-MM-DD. It replaces the built-in table (collection/holidays.ts: 2026 by decree, 2027 an estimate) when set, e.g. once a year's
   * decree is out or the government moves an Islamic holiday after the sidang isbat.
   */
  HOLIDAYS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return DEFAULT_HOLIDAY_CALENDAR;
      try {
        return parseHolidays(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Multipart uploads (images). */
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
});

/** Rules across settings, checked once each setting is valid on its own. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  // A key id must name one secret, or values could not say which key decrypts them.
  const ids = new Set([env.DATA_ENCRYPTION_KEY_ID]);
  for (const [index, key] of env.DATA_ENCRYPTION_OLD_KEYS.entries()) {
    if (ids.has(key.id))
      ctx.addIssue({
        code: 'custom',
        path: ['DATA_ENCRYPTION_OLD_KEYS', index, 'id'],
        message: `key id "${key.id}" is used twice (ids of DATA_ENCRYPTION_KEY_ID and DATA_ENCRYPTION_OLD_KEYS must differ)`,
      });
    ids.add(key.id);
    // The same secret under a new id would be a rotation that changes nothing.
    if (key.secret === env.DATA_ENCRYPTION_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['DATA_ENCRYPTION_OLD_KEYS', index, 'secret'],
        message: 'a retired key must differ from DATA_ENCRYPTION_KEY',
      });
  }
  if (env.SMS_PROVIDER === 'zenziva')
    for (const key of ['ZENZIVA_USERKEY', 'ZENZIVA_PASSKEY'] as const)
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'required when SMS_PROVIDER=zenziva' });
  if (env.ACCOUNT_INQUIRY_PROVIDER === 'flip' && !env.FLIP_SECRET_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['FLIP_SECRET_KEY'],
      message: 'required when ACCOUNT_INQUIRY_PROVIDER=flip',
    });
  if (env.DISBURSEMENT_PROVIDER === 'flip') {
    for (const key of ['FLIP_SECRET_KEY', 'FLIP_CALLBACK_TOKEN'] as const)
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'required when DISBURSEMENT_PROVIDER=flip' });
    // The disbursement's v3 address is derived from it (flip-disbursement-provider.ts, flipV3BaseUrl).
    // (An address that is no URL at all is FLIP_BASE_URL's own issue.)
    if (URL.canParse(env.FLIP_BASE_URL) && !/\/v2\/*$/.test(new URL(env.FLIP_BASE_URL).pathname))
      ctx.addIssue({
        code: 'custom',
        path: ['FLIP_BASE_URL'],
        message: "must be Flip's API v2 address, ending in /v2, when DISBURSEMENT_PROVIDER=flip",
      });
  }
  if (env.ANALYTICS_PROVIDER === 'ga4')
    for (const key of ['GA4_MEASUREMENT_ID', 'GA4_API_SECRET'] as const)
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'required when ANALYTICS_PROVIDER=ga4' });
  if (env.FILE_STORAGE === 's3' && !env.S3_BUCKET)
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when FILE_STORAGE=s3' });
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    ctx.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    });
  if (env.PAYMENT_GATEWAY_PROVIDER === 'xendit')
    for (const key of ['XENDIT_SECRET_KEY', 'XENDIT_CALLBACK_TOKEN'] as const)
      if (!env[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'required when PAYMENT_GATEWAY_PROVIDER=xendit',
        });
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses settings from a source (process.env by default), dropping empty strings so they mean "use the default". */
export function loadEnv(
  source: Record<string, string | undefined> = process.env,
  overrides: Partial<Env> = {},
): Env {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  const result = checkedEnvSchema.safeParse({ ...picked, ...overrides });
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return result.data;
}
