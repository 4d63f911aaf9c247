import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/env.ts';
import {
  FLIP_SANDBOX_BASE_URL,
  FlipAccountInquiryProvider,
} from '../../src/providers/account-inquiry/flip-account-inquiry-provider.ts';
import { SandboxAccountInquiryProvider } from '../../src/providers/account-inquiry/sandbox-account-inquiry-provider.ts';
import { DatabaseAnalyticsProvider } from '../../src/providers/analytics/database-analytics-provider.ts';
import { Ga4AnalyticsProvider } from '../../src/providers/analytics/ga4-analytics-provider.ts';
import { SandboxCreditBureauProvider } from '../../src/providers/credit-bureau/sandbox-credit-bureau-provider.ts';
import { ZenzivaMessagingProvider } from '../../src/providers/messaging/zenziva-messaging-provider.ts';
import { TesseractOcrProvider } from '../../src/providers/ocr/tesseract-ocr-provider.ts';
import { HumanLivenessProvider } from '../../src/providers/liveness/human-liveness-provider.ts';
import { FaceApiFaceCheckProvider } from '../../src/providers/face-check/face-api-face-check-provider.ts';
import {
  flipConfig,
  planProviders,
  xenditConfig,
  zenzivaConfig,
} from '../../src/providers/provider-registry.ts';
import { DevOutboxSmsProvider } from '../../src/providers/sms/dev-outbox-sms-provider.ts';
import { FlipDisbursementProvider } from '../../src/providers/disbursement/flip-disbursement-provider.ts';
import { SandboxPaymentGateway } from '../../src/providers/payment-gateway/sandbox-payment-gateway.ts';
import { XenditPaymentGateway } from '../../src/providers/payment-gateway/xendit-payment-gateway.ts';
import { SandboxDisbursementProvider } from '../../src/providers/disbursement/sandbox-disbursement-provider.ts';
import { TestClock } from '../helpers/test-app.ts';
import type { Db } from '../../src/db/client.ts';
import type { JobRunner } from '../../src/jobs/job-runner.ts';

// Building a provider does not touch the database (the dev outbox only keeps the handle) and sends no job (the
// sandbox bank only registers its callback job).
const deps = {
  db: {} as Db,
  clock: new TestClock(),
  jobs: { register: () => {} } as unknown as JobRunner,
  sendCallback: async () => ({ statusCode: 200 }),
};
const zenziva = { SMS_PROVIDER: 'zenziva', ZENZIVA_USERKEY: 'user-1', ZENZIVA_PASSKEY: 'pass-1' };
const flip = { ACCOUNT_INQUIRY_PROVIDER: 'flip', FLIP_SECRET_KEY: 'flip-key-1' };
const flipDisbursement = {
  DISBURSEMENT_PROVIDER: 'flip',
  FLIP_SECRET_KEY: 'flip-key-1',
  FLIP_CALLBACK_TOKEN: 'token-1',
};
const xendit = {
  PAYMENT_GATEWAY_PROVIDER: 'xendit',
  XENDIT_SECRET_KEY: 'xnd_production_key1',
  XENDIT_CALLBACK_TOKEN: 'xendit-token-1',
};
const xenditTestMode = { ...xendit, XENDIT_SECRET_KEY: 'xnd_development_key1' };
const ga4 = { ANALYTICS_PROVIDER: 'ga4', GA4_MEASUREMENT_ID: 'G-TEST1234', GA4_API_SECRET: 'secret-123' };

describe('provider registry', () => {
  it('outside production: the dev outbox, the sandboxes, tesseract and face-api; interface-only kinds are null', () => {
    const plan = planProviders(loadEnv({}));
    expect(plan.configured).toEqual([
      { kind: 'messaging', name: 'dev-outbox', sandbox: true },
      { kind: 'credit-bureau', name: 'sandbox', sandbox: true },
      { kind: 'analytics', name: 'database', sandbox: true },
      { kind: 'payment-gateway', name: 'sandbox', sandbox: true },
      { kind: 'disbursement', name: 'sandbox', sandbox: true },
      { kind: 'account-inquiry', name: 'sandbox', sandbox: true },
      { kind: 'ocr', name: 'tesseract', sandbox: false },
      { kind: 'face-check', name: 'face-api', sandbox: false },
      { kind: 'liveness', name: 'human', sandbox: false },
    ]);
    expect(plan.missing).toEqual([]);

    const providers = plan.build(deps);
    expect(providers.messaging).toBeInstanceOf(DevOutboxSmsProvider);
    expect(providers.creditBureau).toBeInstanceOf(SandboxCreditBureauProvider);
    expect(providers.analytics).toBeInstanceOf(DatabaseAnalyticsProvider);
    expect(providers.accountInquiry).toBeInstanceOf(SandboxAccountInquiryProvider);
    expect(providers.disbursement).toBeInstanceOf(SandboxDisbursementProvider);
    expect(providers.paymentGateway).toBeInstanceOf(SandboxPaymentGateway);
    expect(providers.ocr).toBeInstanceOf(TesseractOcrProvider);
    expect(providers.faceCheck).toBeInstanceOf(FaceApiFaceCheckProvider);
    expect(providers).toMatchObject({ storage: null });
  });

  it('every built provider describes itself as planned', () => {
    for (const source of [
      {},
      zenziva,
      flip,
      { ...flip, FLIP_BASE_URL: FLIP_SANDBOX_BASE_URL },
      flipDisbursement,
      { ...flipDisbursement, FLIP_BASE_URL: FLIP_SANDBOX_BASE_URL },
      xendit,
      xenditTestMode,
      ga4,
    ]) {
      const plan = planProviders(loadEnv(source));
      const built = Object.values(plan.build(deps)).flatMap((p) =>
        p ? [{ kind: p.kind, name: p.name, sandbox: p.sandbox }] : [],
      );
      expect(built).toEqual(plan.configured);
    }
  });

  it('in production, unset sandbox kinds are none, and set ones are kept for the guard to refuse', () => {
    const unset = planProviders(loadEnv({ ...zenziva, NODE_ENV: 'production' }));
    expect(unset.configured.map((d) => d.kind)).toEqual(['messaging', 'ocr', 'face-check', 'liveness']);
    // Borrowers repay, loans are disbursed and the bank step asks: production refuses to start like this
    // (production-guard.test.ts).
    expect(unset.missing).toEqual(['payment-gateway', 'disbursement', 'account-inquiry']);
    const built = unset.build(deps);
    expect(built.paymentGateway).toBeNull();
    expect(built.creditBureau).toBeNull();
    expect(built.analytics).toBeNull();
    expect(built.accountInquiry).toBeNull();
    expect(built.disbursement).toBeNull();

    const set = planProviders(
      loadEnv({
        ...zenziva,
        NODE_ENV: 'production',
        CREDIT_BUREAU_PROVIDER: 'sandbox',
        ANALYTICS_PROVIDER: 'database',
        PAYMENT_GATEWAY_PROVIDER: 'sandbox',
        DISBURSEMENT_PROVIDER: 'sandbox',
        ACCOUNT_INQUIRY_PROVIDER: 'sandbox',
      }),
    );
    expect(set.configured.map((d) => d.kind)).toEqual([
      'messaging',
      'credit-bureau',
      'analytics',
      'payment-gateway',
      'disbursement',
      'account-inquiry',
      'ocr',
      'face-check',
      'liveness',
    ]);
    expect(planProviders(loadEnv({ CREDIT_BUREAU_PROVIDER: 'none' })).build(deps).creditBureau).toBeNull();
  });

  it('builds Zenziva from its settings; WhatsApp uses the SMS keys unless it has its own', () => {
    const env = loadEnv({ ...zenziva, ZENZIVA_TIMEOUT_MS: '2500', ZENZIVA_MAX_ATTEMPTS: '3' });
    expect(planProviders(env).build(deps).messaging).toBeInstanceOf(ZenzivaMessagingProvider);
    expect(zenzivaConfig(env)).toEqual({
      baseUrl: 'https://console.zenziva.net',
      sms: { userkey: 'user-1', passkey: 'pass-1' },
      whatsapp: { userkey: 'user-1', passkey: 'pass-1' },
      timeoutMs: 2500,
      maxAttempts: 3,
      retryDelayMs: 300,
    });
    const own = loadEnv({ ...zenziva, ZENZIVA_WA_USERKEY: 'wa-user', ZENZIVA_WA_PASSKEY: 'wa-pass' });
    expect(zenzivaConfig(own).whatsapp).toEqual({ userkey: 'wa-user', passkey: 'wa-pass' });
  });

  it('builds Flip from its settings, a sandbox only when pointed at Flip sandbox API', () => {
    const env = loadEnv({ ...flip, FLIP_TIMEOUT_MS: '2500' });
    const plan = planProviders(env);
    expect(plan.configured).toContainEqual({ kind: 'account-inquiry', name: 'flip', sandbox: false });
    expect(plan.build(deps).accountInquiry).toBeInstanceOf(FlipAccountInquiryProvider);
    expect(flipConfig(env)).toEqual({
      baseUrl: 'https://bigflip.id/api/v2',
      secretKey: 'flip-key-1',
      timeoutMs: 2500,
      pendingRetries: 3,
      pendingRetryDelayMs: 1500,
    });
    const sandboxed = planProviders(loadEnv({ ...flip, FLIP_BASE_URL: FLIP_SANDBOX_BASE_URL }));
    expect(sandboxed.configured).toContainEqual({ kind: 'account-inquiry', name: 'flip', sandbox: true });
    expect(
      planProviders(loadEnv({ ACCOUNT_INQUIRY_PROVIDER: 'none' })).build(deps).accountInquiry,
    ).toBeNull();
  });

  it('builds Flip disbursement from its settings, a sandbox only when pointed at Flip sandbox API', () => {
    const plan = planProviders(loadEnv(flipDisbursement));
    expect(plan.configured).toContainEqual({ kind: 'disbursement', name: 'flip', sandbox: false });
    expect(plan.build(deps).disbursement).toBeInstanceOf(FlipDisbursementProvider);
    const sandboxed = planProviders(loadEnv({ ...flipDisbursement, FLIP_BASE_URL: FLIP_SANDBOX_BASE_URL }));
    expect(sandboxed.configured).toContainEqual({ kind: 'disbursement', name: 'flip', sandbox: true });
    expect(planProviders(loadEnv({ DISBURSEMENT_PROVIDER: 'none' })).build(deps).disbursement).toBeNull();
  });

  it('builds GA4 from its settings, no sandbox; the database provider otherwise outside production', () => {
    const plan = planProviders(loadEnv(ga4));
    expect(plan.configured).toContainEqual({ kind: 'analytics', name: 'ga4', sandbox: false });
    expect(plan.build(deps).analytics).toBeInstanceOf(Ga4AnalyticsProvider);
    expect(planProviders(loadEnv({ ANALYTICS_PROVIDER: 'none' })).build(deps).analytics).toBeNull();
  });

  it('builds Xendit from its settings, a sandbox only with a development (test mode) key', () => {
    const env = loadEnv({ ...xendit, XENDIT_TIMEOUT_MS: '2500' });
    const plan = planProviders(env);
    expect(plan.configured).toContainEqual({ kind: 'payment-gateway', name: 'xendit', sandbox: false });
    expect(plan.build(deps).paymentGateway).toBeInstanceOf(XenditPaymentGateway);
    expect(xenditConfig(env)).toEqual({
      baseUrl: 'https://api.xendit.co',
      secretKey: 'xnd_production_key1',
      timeoutMs: 2500,
    });
    expect(planProviders(loadEnv(xenditTestMode)).configured).toContainEqual({
      kind: 'payment-gateway',
      name: 'xendit',
      sandbox: true,
    });
    expect(
      planProviders(loadEnv({ PAYMENT_GATEWAY_PROVIDER: 'none' })).build(deps).paymentGateway,
    ).toBeNull();
  });

  it('describes an injected provider by its own name and flag, and passes its messages through', async () => {
    const sent: unknown[] = [];
    const plan = planProviders(loadEnv({}), {
      messaging: { name: 'acme-sms', sandbox: false, send: async (m) => sent.push(m) },
    });
    expect(plan.configured[0]).toEqual({ kind: 'messaging', name: 'acme-sms', sandbox: false });
    const receipt = await plan
      .build(deps)
      .messaging.send({ channel: 'whatsapp', to: '6281234567890', text: 'x' });
    expect(receipt).toEqual({ providerMessageId: null });
    expect(sent).toEqual([{ channel: 'whatsapp', to: '6281234567890', text: 'x' }]);
  });

  it('liveness is human unless LIVENESS_PROVIDER=none, which production refuses since the face check calls it', async () => {
    const human = planProviders(loadEnv({})).build(deps).liveness;
    expect(human).toBeInstanceOf(HumanLivenessProvider);
    await human?.close(); // never started: nothing to stop
    const none = planProviders(loadEnv({ LIVENESS_PROVIDER: 'none' }));
    expect(none.build(deps).liveness).toBeNull();
    expect(none.missing).toEqual(['liveness']);
  });

  it('OCR is tesseract unless OCR_PROVIDER=none, which production refuses since the profile reads KTPs', () => {
    const none = planProviders(loadEnv({ OCR_PROVIDER: 'none' }));
    expect(none.build(deps).ocr).toBeNull();
    expect(none.missing).toEqual(['ocr']);
    expect(
      planProviders(loadEnv({ ...zenziva, ...flip, ...flipDisbursement, ...xendit, NODE_ENV: 'production' }))
        .missing,
    ).toEqual([]);
  });
});
