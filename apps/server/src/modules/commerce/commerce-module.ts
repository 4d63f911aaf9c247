import { defineModule } from '../module-plugin.ts';
import { AppDownloadService } from './app-download-service.ts';
import { CheckoutService } from './checkout-service.ts';
import { CheckoutKeys } from './commerce-keys.ts';
import {
  DEFAULT_COMMERCE_COUPONS,
  DEMO_SHOP_APP_ID,
  demoMerchant,
  type Merchant,
} from './commerce-merchants.ts';
import { CommerceRepository } from './commerce-repository.ts';
import { CouponWalletRepository } from './coupon-wallet-repository.ts';
import { CouponWalletService } from './coupon-wallet-service.ts';
import { DemoShopService } from './demo-shop-service.ts';
import { commerceRoutes } from './commerce-routes.ts';
import { merchantRoutes } from './merchant-routes.ts';
import { MerchantOrdersService } from './merchant-orders-service.ts';
import { MerchantRefundsService } from './merchant-refunds-service.ts';
import { LedgerService } from '../ledger/ledger-service.ts';
import { merchantWebhookJob, sendMerchantWebhook } from './merchant-webhook.ts';
import { PurchaseService } from './purchase-service.ts';

export interface CommerceModule {
  merchants: ReadonlyMap<string, Merchant>;
  merchantOrders: MerchantOrdersService;
  /** Refunds of paid orders (commerce.refund). */
  merchantRefunds: MerchantRefundsService;
  checkout: CheckoutService;
  /** The borrowers' own coupons (the referral module gives them). */
  wallet: CouponWalletService;
  purchases: PurchaseService;
  downloads: AppDownloadService;
  /** The demo shop (outside production, when configured): its shop front is /dev/merchant. */
  demoShop: DemoShopService | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Pay-later at merchants' checkouts. */
    commerce: CommerceModule;
  }
}

/**
 * Pay-later at a merchant's checkout (issue 26): merchants as configuration, their signed server calls, the buyer's
 * checkout calls, the payment PIN, and the purchase, which becomes a loan billed and repaid like any other (and the
 * merchant's refunds of it, which take the refund off the loan); and the
 * pay/download page's SMS with the app's store links (from the app configuration).
 */
export const commerceModule = defineModule({
  name: 'commerce',
  dependencies: ['user', 'auth', 'payment-pin', 'loans', 'application', 'config', 'refunds'],
  register: async (app, infra, scope) => {
    const { env, db, clock } = infra;
    const configured =
      env.COMMERCE_MERCHANTS ?? (infra.isProduction ? [] : [demoMerchant(env.PUBLIC_APP_URL)]);
    const merchants = new Map(configured.map((m) => [m.app_id, m]));
    if (merchants.size !== configured.length) throw new Error('COMMERCE_MERCHANTS names an app_id twice');
    const repo = new CommerceRepository();
    const keys = new CheckoutKeys(infra.secretHasher);
    const webhook = merchantWebhookJob(
      env.COMMERCE_WEBHOOK_RETRIES,
      env.COMMERCE_WEBHOOK_RETRY_DELAY_SECONDS,
    );
    infra.jobs.register(webhook, (job) => sendMerchantWebhook({ db, clock, repo, merchants }, job));
    const pins = app.paymentPin;
    const coupons = env.COMMERCE_COUPONS ?? DEFAULT_COMMERCE_COUPONS;
    const wallet = new CouponWalletService({ db, clock, repo: new CouponWalletRepository(), coupons });
    const checkout = new CheckoutService({
      db,
      clock,
      repo,
      keys,
      merchants,
      coupons,
      wallet,
      users: app.users,
      products: app.loans.products,
      limits: { approvedLimit: (userId, conn) => app.applications.approvedLimit(userId, conn) },
      usage: app.loans.payLater,
      payLater: { maxAmount: env.PAY_LATER_MAX_AMOUNT, limitPercent: env.PAY_LATER_LIMIT_PERCENT },
      pins,
    });
    const merchantOrders = new MerchantOrdersService({
      db,
      clock,
      repo,
      keys,
      publicAppUrl: env.PUBLIC_APP_URL,
      checkoutTtlMinutes: env.COMMERCE_CHECKOUT_TTL_MINUTES,
      maxAmount: env.PAY_LATER_MAX_AMOUNT,
    });
    const demo = merchants.get(DEMO_SHOP_APP_ID);
    const commerce: CommerceModule = {
      merchants,
      merchantOrders,
      merchantRefunds: new MerchantRefundsService({
        db,
        commands: infra.commands,
        repo,
        book: app.loans.book,
        ledger: new LedgerService(),
        users: app.users,
        refunds: app.refunds.service,
        outbox: infra.outbox,
        jobs: infra.jobs,
        webhook,
        merchants,
      }),
      checkout,
      wallet,
      purchases: new PurchaseService({
        commands: infra.commands,
        repo,
        loans: app.loans.payLater,
        users: app.users,
        checkout,
        pins,
        jobs: infra.jobs,
        webhook,
        wallet,
      }),
      downloads: new AppDownloadService({
        db,
        limiter: infra.limiter,
        outbox: infra.outbox,
        storeLinks: async () => {
          const config = await app.appConfig.appConfig();
          return { android: config.app_download_android, ios: config.app_download_ios };
        },
      }),
      demoShop:
        demo && !infra.isProduction
          ? new DemoShopService({
              merchant: demo,
              orders: merchantOrders,
              clock,
              windowSeconds: env.COMMERCE_SIGNATURE_WINDOW_SECONDS,
            })
          : null,
    };
    app.decorate('commerce', commerce);
    await scope.api((api) => commerceRoutes(api, commerce));
    await scope.pages((pages) =>
      merchantRoutes(pages, {
        orders: commerce.merchantOrders,
        refunds: commerce.merchantRefunds,
        merchants,
        clock,
        windowSeconds: env.COMMERCE_SIGNATURE_WINDOW_SECONDS,
        bodyLimit: env.BODY_LIMIT_BYTES,
      }),
    );
  },
});
