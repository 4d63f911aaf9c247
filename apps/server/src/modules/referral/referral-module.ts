import { defineModule } from '../module-plugin.ts';
import { ReferralRepository } from './referral-repository.ts';
import { referralRoutes } from './referral-routes.ts';
import { REFERRAL_REWARD, ReferralService } from './referral-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Referral codes, friends attributed at sign-up, and the referrer's coupon for a friend's first loan. */
    referral: ReferralService;
  }
}

/**
 * Referral (issue 26). It joins in through the other modules' hooks: auth's sign-up (the friend's code, in the
 * sign-in's transaction) and the loans module's disbursement (the reward, queued in its transaction); the coupon goes
 * into the commerce module's wallet.
 */
export const referralModule = defineModule({
  name: 'referral',
  dependencies: ['user', 'auth', 'profile', 'loans', 'commerce'],
  register: async (app, infra, scope) => {
    const { env } = infra;
    if (!app.commerce.wallet.configured(env.REFERRAL_COUPON_ID))
      throw new Error(`REFERRAL_COUPON_ID ${env.REFERRAL_COUPON_ID} is not one of the checkout coupons`);
    const service = new ReferralService({
      ...infra,
      repo: new ReferralRepository(),
      users: app.users,
      profiles: app.profile.service,
      wallet: app.commerce.wallet,
      couponId: env.REFERRAL_COUPON_ID,
      couponDays: env.REFERRAL_COUPON_DAYS,
      publicAppUrl: env.PUBLIC_APP_URL,
    });
    infra.jobs.register(REFERRAL_REWARD, (job) => service.reward(job));
    app.auth.service.onSignUp((tx, signUp) => service.signedUp(tx, signUp));
    app.loans.disbursements.onDisbursed((tx, loan) => service.disbursed(tx, loan));
    app.decorate('referral', service);
    await scope.api((api) => referralRoutes(api, service));
  },
});
