import { DEV_DATA_ENCRYPTION_KEY, DEV_DATA_LOOKUP_KEY, DEV_TOKEN_SECRET, type Env } from './env.ts';

/** What the guard needs to know about the SMS provider that will be used. */
export interface SmsProviderDescriptor {
  readonly name: string;
  /** True for providers that do not deliver real messages (dev outbox, sandboxes). */
  readonly sandbox: boolean;
}

/**
 * Everything that makes a configuration unsafe for production. Checked at start-up so a mistake is a refusal
 * to start, not a borrower's data behind a development key.
 */
export function productionProblems(env: Env, sms: SmsProviderDescriptor): string[] {
  const problems: string[] = [];
  if (env.TOKEN_SECRET === DEV_TOKEN_SECRET)
    problems.push('TOKEN_SECRET is the development default; set a random secret');
  problems.push(...dataProtectionProblems(env));
  if (sms.sandbox || /dev|sandbox/i.test(sms.name))
    problems.push(
      `SMS provider "${sms.name}" does not deliver real messages; configure a production SMS provider`,
    );
  if (env.SCRYPT_N < 16384)
    problems.push(`SCRYPT_N=${env.SCRYPT_N} is too weak; use at least 16384 (default 32768)`);
  return problems;
}

/**
 * Unsafe keys for personal data: development defaults (public, in this repository) and one secret reused for two
 * jobs, where a leak of one would expose the other. Also checked by `npm run keys:rotate` in production.
 */
export function dataProtectionProblems(env: Env): string[] {
  const problems: string[] = [];
  const retired = env.DATA_ENCRYPTION_OLD_KEYS;
  if (env.DATA_ENCRYPTION_KEY === DEV_DATA_ENCRYPTION_KEY)
    problems.push('DATA_ENCRYPTION_KEY is the development default; set a random key');
  if (env.TOKEN_SECRET === env.DATA_ENCRYPTION_KEY)
    problems.push('TOKEN_SECRET and DATA_ENCRYPTION_KEY must differ');
  // Production never ran on the development key, and accepting it would let anyone who can write to the database
  // forge values we decrypt.
  if (retired.some((key) => key.secret === DEV_DATA_ENCRYPTION_KEY))
    problems.push('DATA_ENCRYPTION_OLD_KEYS holds the development key; remove it');
  if (retired.some((key) => key.secret === env.TOKEN_SECRET))
    problems.push('TOKEN_SECRET and the keys in DATA_ENCRYPTION_OLD_KEYS must differ');
  if (env.DATA_LOOKUP_KEY === DEV_DATA_LOOKUP_KEY)
    problems.push('DATA_LOOKUP_KEY is the development default; set a random key');
  const others = [env.TOKEN_SECRET, env.DATA_ENCRYPTION_KEY, ...retired.map((key) => key.secret)];
  if (others.includes(env.DATA_LOOKUP_KEY))
    problems.push(
      'DATA_LOOKUP_KEY must differ from TOKEN_SECRET, DATA_ENCRYPTION_KEY and DATA_ENCRYPTION_OLD_KEYS',
    );
  return problems;
}

export class ProductionConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Refusing to start in production:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ProductionConfigError';
  }
}

/** Throws a ProductionConfigError listing every problem when NODE_ENV=production and the configuration is unsafe. */
export function assertProductionReady(env: Env, sms: SmsProviderDescriptor): void {
  if (env.NODE_ENV !== 'production') return;
  const problems = productionProblems(env, sms);
  if (problems.length > 0) throw new ProductionConfigError(problems);
}
