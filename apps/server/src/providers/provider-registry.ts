import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { AccountInquiryProvider } from './account-inquiry/account-inquiry-provider.ts';
import {
  FlipAccountInquiryProvider,
  isFlipSandboxUrl,
  type FlipConfig,
} from './account-inquiry/flip-account-inquiry-provider.ts';
import { SandboxAccountInquiryProvider } from './account-inquiry/sandbox-account-inquiry-provider.ts';
import type { AnalyticsProvider } from './analytics/analytics-provider.ts';
import { DatabaseAnalyticsProvider } from './analytics/database-analytics-provider.ts';
import { Ga4AnalyticsProvider, type Ga4Config } from './analytics/ga4-analytics-provider.ts';
import type { CreditBureauProvider } from './credit-bureau/credit-bureau-provider.ts';
import { SandboxCreditBureauProvider } from './credit-bureau/sandbox-credit-bureau-provider.ts';
import type { DisbursementProvider } from './disbursement/disbursement-provider.ts';
import {
  FlipDisbursementProvider,
  type FlipDisbursementConfig,
} from './disbursement/flip-disbursement-provider.ts';
import {
  SandboxDisbursementProvider,
  type CallbackSender,
} from './disbursement/sandbox-disbursement-provider.ts';
import type { JobRunner } from '../jobs/job-runner.ts';
import type { FaceCheckProvider } from './face-check/face-check-provider.ts';
import { HumanLivenessProvider } from './liveness/human-liveness-provider.ts';
import type { LivenessProvider } from './liveness/liveness-provider.ts';
import type { MessagingProvider } from './messaging/messaging-provider.ts';
import { ZenzivaMessagingProvider, type ZenzivaConfig } from './messaging/zenziva-messaging-provider.ts';
import type { OcrProvider } from './ocr/ocr-provider.ts';
import { TesseractOcrProvider } from './ocr/tesseract-ocr-provider.ts';
import { FaceApiFaceCheckProvider } from './face-check/face-api-face-check-provider.ts';
import type { PaymentGatewayProvider } from './payment-gateway/payment-gateway-provider.ts';
import { SandboxPaymentGateway } from './payment-gateway/sandbox-payment-gateway.ts';
import {
  isXenditDevelopmentKey,
  XenditPaymentGateway,
  type XenditConfig,
} from './payment-gateway/xendit-payment-gateway.ts';
import type { ProviderDescriptor, ProviderKind, ProviderLog } from './provider-descriptor.ts';
import { DevOutboxSmsProvider } from './sms/dev-outbox-sms-provider.ts';
import type { SmsProvider } from './sms/sms-provider.ts';
import type { StorageProvider } from './storage/storage-provider.ts';

/**
 * Every provider of the app, one per kind, built from the settings in one place.
 *
 * A kind is null when no provider is configured. Storage has no provider here yet; nothing calls it, so production may
 * start without it. Disbursement has Flip for Business and a sandbox bank that calls back, signed, as real providers
 * do; the payment gateway has Xendit and a sandbox that calls back in Xendit's or Midtrans' dialect. OCR, face
 * check and liveness have real engines only (tesseract, face-api and human, offline). USED_PROVIDER_KINDS names the kinds some module
 * calls, and production refuses to start when one of those has no provider.
 */
export interface Providers {
  messaging: MessagingProvider;
  creditBureau: CreditBureauProvider | null;
  analytics: AnalyticsProvider | null;
  paymentGateway: PaymentGatewayProvider | null;
  disbursement: DisbursementProvider | null;
  accountInquiry: AccountInquiryProvider | null;
  ocr: OcrProvider | null;
  faceCheck: FaceCheckProvider | null;
  liveness: LivenessProvider | null;
  storage: StorageProvider | null;
}

/** Kinds some module calls today. Add a kind here in the change that makes a module call it. */
export const USED_PROVIDER_KINDS: readonly ProviderKind[] = [
  'messaging',
  'ocr',
  'account-inquiry',
  'face-check',
  'liveness',
  'disbursement',
  'payment-gateway',
];

export interface ProviderDependencies {
  db: Db;
  clock: Clock;
  log?: ProviderLog;
  /** The job runner: the sandbox disbursement bank schedules its callbacks on it. */
  jobs?: JobRunner;
  /** How the sandbox disbursement bank's callbacks reach the app (app.ts: HTTP or inject). */
  sendCallback?: CallbackSender;
}

/** What the settings choose, known before anything is opened, so production refuses before touching a database. */
export interface ProviderSummary {
  /** One descriptor per configured kind. */
  readonly configured: readonly ProviderDescriptor[];
  /** Kinds the app uses that have no provider configured. */
  readonly missing: readonly ProviderKind[];
}

export interface ProviderPlan extends ProviderSummary {
  build(deps: ProviderDependencies): Providers;
}

export interface ProviderPlanOptions {
  /** A messaging provider chosen by the caller (tests) instead of SMS_PROVIDER. */
  messaging?: SmsProvider;
  /** USED_PROVIDER_KINDS unless a test says otherwise. */
  usedKinds?: readonly ProviderKind[];
}

interface Choice<T extends ProviderDescriptor> {
  descriptor: ProviderDescriptor;
  create(deps: ProviderDependencies): T;
}

type ChoiceMap = {
  [K in keyof Providers]: Choice<NonNullable<Providers[K]>> | null;
};

const KIND_OF: Record<keyof Providers, ProviderKind> = {
  messaging: 'messaging',
  creditBureau: 'credit-bureau',
  analytics: 'analytics',
  paymentGateway: 'payment-gateway',
  disbursement: 'disbursement',
  accountInquiry: 'account-inquiry',
  ocr: 'ocr',
  faceCheck: 'face-check',
  liveness: 'liveness',
  storage: 'storage',
};

/** Chooses every provider from the settings; `build` makes them once the database is open. */
export function planProviders(env: Env, options: ProviderPlanOptions = {}): ProviderPlan {
  const choices: ChoiceMap = {
    messaging: messagingChoice(env, options.messaging),
    creditBureau: sandboxUnlessNone(
      env,
      env.CREDIT_BUREAU_PROVIDER,
      'credit-bureau',
      () => new SandboxCreditBureauProvider(),
    ),
    analytics: analyticsChoice(env),
    paymentGateway: paymentGatewayChoice(env),
    disbursement: disbursementChoice(env),
    accountInquiry: accountInquiryChoice(env),
    ocr: ocrChoice(env),
    faceCheck: faceCheckChoice(env),
    liveness: livenessChoice(env),
    storage: null,
  };
  const entries = Object.entries(choices) as Array<[keyof Providers, Choice<ProviderDescriptor> | null]>;
  const configured = entries.flatMap(([, choice]) => (choice ? [choice.descriptor] : []));
  const usedKinds = options.usedKinds ?? USED_PROVIDER_KINDS;
  const missing = entries.flatMap(([slot, choice]) =>
    !choice && usedKinds.includes(KIND_OF[slot]) ? [KIND_OF[slot]] : [],
  );

  return {
    configured,
    missing,
    build(deps) {
      const built = Object.fromEntries(
        entries.map(([slot, choice]) => {
          if (!choice) return [slot, null];
          const provider = choice.create(deps);
          // The production guard judged the descriptor: what runs must be exactly what it judged.
          const { kind, name, sandbox } = provider;
          const planned = choice.descriptor;
          if (kind !== planned.kind || name !== planned.name || sandbox !== planned.sandbox)
            throw new Error(`provider ${planned.kind}/${planned.name} describes itself as ${kind}/${name}`);
          return [slot, provider];
        }),
      );
      return built as unknown as Providers;
    },
  };
}

function messagingChoice(env: Env, injected: SmsProvider | undefined): Choice<MessagingProvider> {
  if (injected) {
    const provider = asMessagingProvider(injected);
    return { descriptor: describe(provider), create: () => provider };
  }
  switch (env.SMS_PROVIDER) {
    case 'zenziva':
      return {
        descriptor: { kind: 'messaging', name: 'zenziva', sandbox: false },
        create: ({ log }) => new ZenzivaMessagingProvider(zenzivaConfig(env), log ? { log } : {}),
      };
    case 'dev-outbox':
      return {
        descriptor: { kind: 'messaging', name: 'dev-outbox', sandbox: true },
        create: ({ db, clock }) => new DevOutboxSmsProvider(db, clock),
      };
  }
}

function analyticsChoice(env: Env): Choice<AnalyticsProvider> | null {
  const setting = env.ANALYTICS_PROVIDER;
  if (setting !== 'ga4')
    return sandboxUnlessNone(
      env,
      setting === 'database' ? 'sandbox' : setting,
      'analytics',
      ({ db }) => new DatabaseAnalyticsProvider(db),
      'database',
    );
  const config = ga4Config(env);
  return {
    descriptor: { kind: 'analytics', name: 'ga4', sandbox: false },
    create: ({ log }) => new Ga4AnalyticsProvider(config, log ? { log } : {}),
  };
}

function ocrChoice(env: Env): Choice<OcrProvider> | null {
  if (env.OCR_PROVIDER === 'none') return null;
  return {
    descriptor: { kind: 'ocr', name: 'tesseract', sandbox: false },
    // The worker starts on the first read, so building the app (every test) costs nothing.
    create: ({ log }) => new TesseractOcrProvider({ timeoutMs: env.OCR_TIMEOUT_MS, log }),
  };
}

function faceCheckChoice(env: Env): Choice<FaceCheckProvider> | null {
  if (env.FACE_CHECK_PROVIDER === 'none') return null;
  return {
    descriptor: { kind: 'face-check', name: 'face-api', sandbox: false },
    // The models load on the first check, so building the app (every test) costs nothing.
    create: () => new FaceApiFaceCheckProvider({ timeoutMs: env.FACE_CHECK_TIMEOUT_MS }),
  };
}

function livenessChoice(env: Env): Choice<LivenessProvider> | null {
  if (env.LIVENESS_PROVIDER === 'none') return null;
  return {
    descriptor: { kind: 'liveness', name: 'human', sandbox: false },
    // The models load on the first check, so building the app (every test) costs nothing.
    create: () => new HumanLivenessProvider({ timeoutMs: env.LIVENESS_TIMEOUT_MS }),
  };
}

function paymentGatewayChoice(env: Env): Choice<PaymentGatewayProvider> | null {
  const setting = env.PAYMENT_GATEWAY_PROVIDER;
  if (setting !== 'xendit')
    return sandboxUnlessNone(env, setting, 'payment-gateway', (deps) => {
      if (!deps.jobs || !deps.sendCallback)
        throw new Error('the sandbox payment gateway needs the job runner and a callback sender');
      return new SandboxPaymentGateway({
        db: deps.db,
        clock: deps.clock,
        jobs: deps.jobs,
        send: deps.sendCallback,
        style: env.PAYMENT_SANDBOX_STYLE,
        callbackToken: env.PAYMENT_SANDBOX_CALLBACK_TOKEN,
        serverKey: env.PAYMENT_SANDBOX_SERVER_KEY,
      });
    });
  const config = xenditConfig(env);
  return {
    // A development key is Xendit's test mode (nobody can pay its codes), so production refuses it like a sandbox.
    descriptor: {
      kind: 'payment-gateway',
      name: 'xendit',
      sandbox: isXenditDevelopmentKey(config.secretKey),
    },
    create: ({ log }) => new XenditPaymentGateway(config, log ? { log } : {}),
  };
}

function disbursementChoice(env: Env): Choice<DisbursementProvider> | null {
  const setting = env.DISBURSEMENT_PROVIDER;
  if (setting !== 'flip')
    return sandboxUnlessNone(env, setting, 'disbursement', ({ db, clock, jobs, sendCallback }) => {
      if (!jobs || !sendCallback)
        throw new Error('the sandbox disbursement bank needs the job runner and a callback sender');
      return new SandboxDisbursementProvider({
        db,
        clock,
        jobs,
        send: sendCallback,
        secret: env.DISBURSEMENT_SANDBOX_CALLBACK_SECRET,
        delaySeconds:
          env.DISBURSEMENT_SANDBOX_DELAY_SECONDS < 0 ? null : env.DISBURSEMENT_SANDBOX_DELAY_SECONDS,
      });
    });
  const config = flipDisbursementConfig(env);
  return {
    // Pointed at Flip's sandbox it is a sandbox (no money moves), so production refuses it like any other.
    descriptor: { kind: 'disbursement', name: 'flip', sandbox: isFlipSandboxUrl(config.baseUrl) },
    create: ({ log, clock }) => new FlipDisbursementProvider(config, { clock, ...(log ? { log } : {}) }),
  };
}

function accountInquiryChoice(env: Env): Choice<AccountInquiryProvider> | null {
  const setting = env.ACCOUNT_INQUIRY_PROVIDER;
  if (setting !== 'flip')
    return sandboxUnlessNone(
      env,
      setting,
      'account-inquiry',
      () => new SandboxAccountInquiryProvider(env.ACCOUNT_INQUIRY_SANDBOX_DELAY_MS),
    );
  const config = flipConfig(env);
  return {
    // Pointed at Flip's sandbox it is a sandbox, so production refuses it like any other.
    descriptor: { kind: 'account-inquiry', name: 'flip', sandbox: isFlipSandboxUrl(config.baseUrl) },
    create: ({ log }) => new FlipAccountInquiryProvider(config, log ? { log } : {}),
  };
}

/** `sandbox` and `none` are the only choices so far; unset means a sandbox outside production and none in it. */
function sandboxUnlessNone<T extends ProviderDescriptor>(
  env: Env,
  setting: 'sandbox' | 'none' | undefined,
  kind: ProviderKind,
  create: (deps: ProviderDependencies) => T,
  name = 'sandbox',
): Choice<T> | null {
  const choice = setting ?? (env.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (choice === 'none') return null;
  return { descriptor: { kind, name, sandbox: true }, create };
}

/** Wait before a second attempt; a constant, not a setting: only the number of attempts is worth tuning. */
const ZENZIVA_RETRY_DELAY_MS = 300;

export function zenzivaConfig(env: Env): ZenzivaConfig {
  // env.ts refuses SMS_PROVIDER=zenziva without both keys; this only narrows the types.
  const userkey = env.ZENZIVA_USERKEY;
  const passkey = env.ZENZIVA_PASSKEY;
  if (!userkey || !passkey) throw new Error('SMS_PROVIDER=zenziva needs ZENZIVA_USERKEY and ZENZIVA_PASSKEY');
  return {
    baseUrl: env.ZENZIVA_BASE_URL,
    sms: { userkey, passkey },
    whatsapp: { userkey: env.ZENZIVA_WA_USERKEY ?? userkey, passkey: env.ZENZIVA_WA_PASSKEY ?? passkey },
    timeoutMs: env.ZENZIVA_TIMEOUT_MS,
    maxAttempts: env.ZENZIVA_MAX_ATTEMPTS,
    retryDelayMs: ZENZIVA_RETRY_DELAY_MS,
  };
}

/**
 * Flip answers PENDING while it still waits for the bank, and a cached answer a moment later: 3 more tries 1.5 s apart
 * keep the borrower under about 5 s more before "try again in a few minutes". Constants, not settings, like Zenziva's
 * retry delay: nothing so far says they need tuning per deployment.
 */
const FLIP_PENDING_RETRIES = 3;
const FLIP_PENDING_RETRY_DELAY_MS = 1500;

export function flipConfig(env: Env): FlipConfig {
  // env.ts refuses ACCOUNT_INQUIRY_PROVIDER=flip without the key; this only narrows the type.
  const secretKey = env.FLIP_SECRET_KEY;
  if (!secretKey) throw new Error('ACCOUNT_INQUIRY_PROVIDER=flip needs FLIP_SECRET_KEY');
  return {
    baseUrl: env.FLIP_BASE_URL,
    secretKey,
    timeoutMs: env.FLIP_TIMEOUT_MS,
    pendingRetries: FLIP_PENDING_RETRIES,
    pendingRetryDelayMs: FLIP_PENDING_RETRY_DELAY_MS,
  };
}

/**
 * Per disbursement request to Flip, answer included: longer than the inquiry's (no borrower waits on it; the job does),
 * and a time-out is asked again with the same idempotency key. A constant, like the retries above.
 */
const FLIP_DISBURSEMENT_TIMEOUT_MS = 15_000;

export function flipDisbursementConfig(env: Env): FlipDisbursementConfig {
  // env.ts refuses DISBURSEMENT_PROVIDER=flip without the key and the token; this only narrows the type.
  const secretKey = env.FLIP_SECRET_KEY;
  if (!secretKey) throw new Error('DISBURSEMENT_PROVIDER=flip needs FLIP_SECRET_KEY');
  return { baseUrl: env.FLIP_BASE_URL, secretKey, timeoutMs: FLIP_DISBURSEMENT_TIMEOUT_MS };
}

function ga4Config(env: Env): Ga4Config {
  // env.ts refuses ANALYTICS_PROVIDER=ga4 without both; this only narrows the types.
  const measurementId = env.GA4_MEASUREMENT_ID;
  const apiSecret = env.GA4_API_SECRET;
  if (!measurementId || !apiSecret)
    throw new Error('ANALYTICS_PROVIDER=ga4 needs GA4_MEASUREMENT_ID and GA4_API_SECRET');
  return { baseUrl: env.GA4_BASE_URL, measurementId, apiSecret, timeoutMs: env.GA4_TIMEOUT_MS };
}

export function xenditConfig(env: Env): XenditConfig {
  // env.ts refuses PAYMENT_GATEWAY_PROVIDER=xendit without the key; this only narrows the type.
  const secretKey = env.XENDIT_SECRET_KEY;
  if (!secretKey) throw new Error('PAYMENT_GATEWAY_PROVIDER=xendit needs XENDIT_SECRET_KEY');
  return { baseUrl: env.XENDIT_BASE_URL, secretKey, timeoutMs: env.XENDIT_TIMEOUT_MS };
}

/** A provider injected with only a name and a sandbox flag (tests) gets its kind; a full one is used as it is. */
function asMessagingProvider(provider: SmsProvider): MessagingProvider {
  if ('kind' in provider && provider.kind === 'messaging') return provider as MessagingProvider;
  return {
    kind: 'messaging',
    name: provider.name,
    sandbox: provider.sandbox,
    send: async (message) => {
      await provider.send(message);
      return { providerMessageId: null };
    },
  };
}

function describe({ kind, name, sandbox }: ProviderDescriptor): ProviderDescriptor {
  return { kind, name, sandbox };
}
