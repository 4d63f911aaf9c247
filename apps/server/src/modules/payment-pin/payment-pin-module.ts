import { defineModule } from '../module-plugin.ts';
import { PayPinService } from './pay-pin-service.ts';
import { PaymentPinRepository } from './payment-pin-repository.ts';
import { paymentPinRoutes } from './payment-pin-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The borrower's payment PIN: pay-later purchases, and cash-loan orders and bank-card changes once it is set. */
    paymentPin: PayPinService;
  }
}

/**
 * The payment PIN on its own: commerce asks it at every purchase, loans at a cash-loan order and bank cards at a
 * change of card, so it belongs to none of them. Its calls keep the pay-later paths the checkout pages use.
 */
export const paymentPinModule = defineModule({
  name: 'payment-pin',
  dependencies: ['user', 'auth'],
  register: async (app, infra, scope) => {
    const { env } = infra;
    const pins = new PayPinService({
      db: infra.db,
      clock: infra.clock,
      repo: new PaymentPinRepository(),
      users: app.users,
      hasher: infra.passwordHasher,
      limiter: infra.limiter,
      codes: app.auth.codes,
      maxTries: env.PAY_PIN_MAX_TRIES,
      lockMinutes: env.PAY_PIN_LOCK_MINUTES,
    });
    app.decorate('paymentPin', pins);
    await scope.api((api) => paymentPinRoutes(api, pins));
  },
});
