import { DEV_DATA_LOOKUP_KEY, DEV_DATA_ENCRYPTION_KEY, DEV_TOKEN_SECRET, type Env } from './env.ts';
import { FLIP_PRODUCTION_BASE_URL } from './providers/account-inquiry/flip-account-inquiry-provider.ts';
import type { ProviderDescriptor, ProviderKind } from './providers/provider-descriptor.ts';
import type { ProviderSummary } from './providers/provider-registry.ts';
import { DEV_COMMERCE_MERCHANT_SECRET } from './modules/commerce/commerce-merchants.ts';

/** The setting that chooses each kind's provider, for a refusal that says what to change. */
const SETTING_OF: Partial<Record<ProviderKind, string>> = {
  messaging: 'SMS_PROVIDER',
  'credit-bureau': 'CREDIT_BUREAU_PROVIDER',
  disbursement: 'DISBURSEMENT_PROVIDER',
  'payment-gateway': 'PAYMENT_GATEWAY_PROVIDER',
  analytics: 'ANALYTICS_PROVIDER',
  ocr: 'OCR_PROVIDER',
};

/** Kinds the app cannot do without, so `none` is no way out: the refusal names the real provider instead. */
const REAL_PROVIDER_OF: Partial<Record<ProviderKind, string>> = {
  'account-inquiry': 'ACCOUNT_INQUIRY_PROVIDER=flip and FLIP_SECRET_KEY',
  disbursement: 'DISBURSEMENT_PROVIDER=flip, FLIP_SECRET_KEY and FLIP_CALLBACK_TOKEN',
  'payment-gateway': 'PAYMENT_GATEWAY_PROVIDER=xendit, XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN',
};

function sandboxProblem({ kind, name }: ProviderDescriptor): string {
  if (kind === 'messaging')
    return `SMS provider "${name}" does not deliver real messages; configure a production SMS provider (SMS_PROVIDER=zenziva and its keys)`;
  if ((kind === 'account-inquiry' || kind === 'disbursement') && name === 'flip')
    return `FLIP_BASE_URL is Flip's sandbox, which reaches no real bank; use Flip's production API (${FLIP_PRODUCTION_BASE_URL}, the default)`;
  if (kind === 'payment-gateway' && name === 'xendit')
    return 'XENDIT_SECRET_KEY is a Xendit development key (test mode), whose payment codes no bank or store takes; use a production key (xnd_production_...)';
  if (kind === 'analytics')
    return `analytics provider "${name}" keeps events in this database for the dev page only; set ANALYTICS_PROVIDER=ga4 (with GA4_MEASUREMENT_ID and GA4_API_SECRET) or ANALYTICS_PROVIDER=none`;
  const real = REAL_PROVIDER_OF[kind];
  if (real)
    return `${kind} provider "${name}" is a sandbox; configure a production ${kind} provider (${real})`;
  const setting = SETTING_OF[kind];
  return `${kind} provider "${name}" is a sandbox; configure a production ${kind} provider${setting ? ` or set ${setting}=none` : ''}`;
}

/** https, or a server on this machine (the tests' stand-in gateway). */
function isHttpsOrLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

/**
 * The least a production secret must score by the estimate below. Random secrets score well above it (32 random hex
 * digits about 115, `openssl rand -hex 32` about 235); typed patterns below it (8 letters repeated 4 times: 96).
 */
export const MIN_SECRET_BITS = 100;

/**
 * A secret's entropy estimated from its own characters (length x Shannon entropy of their frequencies): it cannot
 * prove a secret random, but it catches the guessable ones people type (`aaaa...`, `abcabc...`, a short phrase
 * repeated) that pass a length check. 32 x "a" scores 0.
 */
export function estimatedSecretBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const length = [...secret].length;
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / length) * Math.log2(n / length);
  return length * perChar;
}

function weakSecretProblems(env: Env): string[] {
  const secrets: Array<[string, string]> = [
    ['TOKEN_SECRET', env.TOKEN_SECRET],
    ['DATA_ENCRYPTION_KEY', env.DATA_ENCRYPTION_KEY],
    ['DATA_LOOKUP_KEY', env.DATA_LOOKUP_KEY],
    ...env.DATA_ENCRYPTION_OLD_KEYS.map((key): [string, string] => [
      `DATA_ENCRYPTION_OLD_KEYS (${key.id})`,
      key.secret,
    ]),
  ];
  return secrets
    .filter(([, secret]) => estimatedSecretBits(secret) < MIN_SECRET_BITS)
    .map(
      ([name]) =>
        `${name} looks guessable (repeated or too few different characters); generate one with \`openssl rand -hex 32\``,
    );
}

/**
 * Everything that makes a configuration unsafe for production. Checked at start-up so a mistake is a refusal
 * to start, not a borrower's data behind a development key.
 */
export function productionProblems(env: Env, providers: ProviderSummary): string[] {
  const problems: string[] = [];
  if (env.TOKEN_SECRET === DEV_TOKEN_SECRET)
    problems.push('TOKEN_SECRET is the development default; set a random secret');
  problems.push(...dataProtectionProblems(env));
  problems.push(...weakSecretProblems(env));
  for (const provider of providers.configured)
    if (provider.sandbox || /dev|sandbox/i.test(provider.name)) problems.push(sandboxProblem(provider));
  for (const kind of providers.missing) {
    const real = REAL_PROVIDER_OF[kind];
    problems.push(
      `no ${kind} provider is configured, and the app uses one; configure a production ${kind} provider${real ? ` (${real})` : ''}`,
    );
  }
  if (env.SMS_PROVIDER === 'zenziva' && !isHttpsOrLocal(env.ZENZIVA_BASE_URL))
    problems.push(
      'ZENZIVA_BASE_URL must use https: the gateway keys travel in every request (http only for a local test server)',
    );
  const usesFlip = env.ACCOUNT_INQUIRY_PROVIDER === 'flip' || env.DISBURSEMENT_PROVIDER === 'flip';
  if (usesFlip && !isHttpsOrLocal(env.FLIP_BASE_URL))
    problems.push(
      'FLIP_BASE_URL must use https: the secret key travels in every request (http only for a local test server)',
    );
  if (env.ANALYTICS_PROVIDER === 'ga4' && !isHttpsOrLocal(env.GA4_BASE_URL))
    problems.push(
      'GA4_BASE_URL must use https: the API secret travels in every request (http only for a local test server)',
    );
  if (env.PAYMENT_GATEWAY_PROVIDER === 'xendit' && !isHttpsOrLocal(env.XENDIT_BASE_URL))
    problems.push(
      'XENDIT_BASE_URL must use https: the secret key travels in every request (http only for a local test server)',
    );
  // FILE_STORAGE=local is not refused: one instance on its own disk is safe, and nothing here knows how many run
  // (env.ts, FILE_STORAGE, says to move to postgres or s3 before starting a second).
  if (env.FILE_STORAGE === 's3' && env.S3_ENDPOINT && !isHttpsOrLocal(env.S3_ENDPOINT))
    problems.push(
      "S3_ENDPOINT must use https: borrowers' files (encrypted) and signed requests travel to it (http only for a local test server)",
    );
  for (const merchant of env.COMMERCE_MERCHANTS ?? []) {
    if (merchant.secret === DEV_COMMERCE_MERCHANT_SECRET)
      problems.push(
        `COMMERCE_MERCHANTS: ${merchant.app_id} signs with the development secret; set a random one`,
      );
    else if (estimatedSecretBits(merchant.secret) < MIN_SECRET_BITS)
      problems.push(`COMMERCE_MERCHANTS: the secret of ${merchant.app_id} looks guessable`);
    if (merchant.webhook_url && !isHttpsOrLocal(merchant.webhook_url))
      problems.push(`COMMERCE_MERCHANTS: the webhook of ${merchant.app_id} must use https`);
  }
  if (env.SCRYPT_N < 16384)
    problems.push(`SCRYPT_N=${env.SCRYPT_N} is too weak; use at least 16384 (default 32768)`);
  // Both Flip kinds pointed at Flip's sandbox are one mistake, said once.
  return [...new Set(problems)];
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
export function assertProductionReady(env: Env, providers: ProviderSummary): void {
  if (env.NODE_ENV !== 'production') return;
  const problems = productionProblems(env, providers);
  if (problems.length > 0) throw new ProductionConfigError(problems);
}
