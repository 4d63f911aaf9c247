import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { z } from 'zod';

/** The repository root, so default paths work whatever the current directory is. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Development-only secrets: fine for `npm start` on a laptop, refused in production (production-guard.ts). */
export const DEV_TOKEN_SECRET = 'dev-only-token-secret-do-not-use-in-production-0001';
export const DEV_DATA_ENCRYPTION_KEY = 'dev-only-data-encryption-key-do-not-use-in-prod-01';

const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'yes');

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
  /** HMAC key for tokens, SMS codes and captcha answers. At least 32 characters. */
  TOKEN_SECRET: z.string().min(32).default(DEV_TOKEN_SECRET),
  /** Key for encrypting personal data at rest (KTP, bank accounts) once those modules exist. */
  DATA_ENCRYPTION_KEY: z.string().min(32).default(DEV_DATA_ENCRYPTION_KEY),
  /** Only the dev outbox exists so far; production refuses it. */
  SMS_PROVIDER: z.enum(['dev-outbox']).default('dev-outbox'),
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
  /** scrypt cost: N=2^15, r=8, p=1 (about 32 MiB and tens of ms per hash). */
  SCRYPT_N: powerOfTwo.default(32768),
  SCRYPT_R: z.coerce.number().int().min(1).max(32).default(8),
  SCRYPT_P: z.coerce.number().int().min(1).max(16).default(1),
  /** Behind a reverse proxy, trust X-Forwarded-For so rate limits see the client's address. */
  TRUST_PROXY: booleanish.default(false),
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
  /** How often an idle job worker looks for jobs enqueued by another process (its own are started at once). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Multipart uploads (images). */
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
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
  const result = envSchema.safeParse({ ...picked, ...overrides });
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return result.data;
}
