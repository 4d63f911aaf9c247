import { isAdjustable } from '../../clock.ts';
import { DatabaseAnalyticsProvider } from '../../providers/analytics/database-analytics-provider.ts';
import { SandboxDisbursementProvider } from '../../providers/disbursement/sandbox-disbursement-provider.ts';
import { SandboxPaymentGateway } from '../../providers/payment-gateway/sandbox-payment-gateway.ts';
import { DevOutboxSmsProvider } from '../../providers/sms/dev-outbox-sms-provider.ts';
import { defineModule } from '../module-plugin.ts';
import { devAnalyticsPage } from './dev-analytics-page.ts';
import { devClockRoutes } from './dev-clock-routes.ts';
import { devDisbursementRoutes } from './dev-disbursement-routes.ts';
import { devDisbursementsPage } from './dev-disbursements-page.ts';
import { devEwalletPage } from './dev-ewallet-page.ts';
import { devJobsPage } from './dev-jobs-page.ts';
import { devLedgerPage } from './dev-ledger-page.ts';
import { devMerchantPage } from './dev-merchant-page.ts';
import { devMerchantWebhook, ReceivedWebhooks } from './dev-merchant-webhook.ts';
import { devOutboxPage } from './dev-outbox-page.ts';
import { devPaymentRoutes } from './dev-payment-routes.ts';
import { devPaymentsPage } from './dev-payments-page.ts';
import { devRoutes } from './dev-routes.ts';

/**
 * Development helpers for people and browser tests: the SMS outbox, the jobs, the ledger check, the sandbox bank and
 * gateway, the business clock, the demo shop and the analytics events. Registers nothing in production; each part only with the sandbox it drives.
 */
export const devModule = defineModule({
  name: 'dev',
  dependencies: ['auth', 'repayments', 'commerce'],
  register: async (app, { isProduction, providers, clock, jobs, env, db }, scope) => {
    if (isProduction) return;
    const outbox = providers.messaging instanceof DevOutboxSmsProvider ? providers.messaging : null;
    const bank =
      providers.disbursement instanceof SandboxDisbursementProvider ? providers.disbursement : null;
    const gateway =
      providers.paymentGateway instanceof SandboxPaymentGateway ? providers.paymentGateway : null;
    const analytics = providers.analytics instanceof DatabaseAnalyticsProvider ? providers.analytics : null;
    // The demo merchant's shop front, when the demo shop is configured (commerce-merchants.ts demoMerchant).
    const shop = app.commerce.demoShop;
    const received = new ReceivedWebhooks();
    await scope.api((api) => {
      if (outbox) devRoutes(api, { outbox, captchas: app.auth.captchas });
      if (bank) devDisbursementRoutes(api, { bank });
      if (gateway) devPaymentRoutes(api, { gateway });
      if (isAdjustable(clock)) devClockRoutes(api, { clock, accrual: app.repayments.accrual });
    });
    await scope.pages((pages) => {
      if (outbox) devOutboxPage(pages, { outbox });
      devJobsPage(pages, { jobs });
      devLedgerPage(pages, { db });
      if (bank) devDisbursementsPage(pages, { bank });
      if (gateway) devPaymentsPage(pages, { gateway, clock });
      if (gateway) devEwalletPage(pages, { gateway });
      if (analytics) devAnalyticsPage(pages, { analytics });
      if (shop) devMerchantPage(pages, { shop, received, clock, send: (call) => app.inject(call) });
    });
    // Its own scope: the webhook's signature is over the raw body, so there every body is read as bytes.
    if (shop)
      await scope.pages((hooks) =>
        devMerchantWebhook(hooks, { shop, received, clock, bodyLimit: env.BODY_LIMIT_BYTES }),
      );
  },
});
