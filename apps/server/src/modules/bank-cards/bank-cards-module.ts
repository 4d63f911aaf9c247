import { defineModule } from '../module-plugin.ts';
import { bankCardsRoutes } from './bank-cards-routes.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { OutboxService } from '../../jobs/outbox-service.ts';
import type { AccountInquiryProvider } from '../../providers/account-inquiry/account-inquiry-provider.ts';
import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { BankAccountStepService, type BankAccountStepDependencies } from './bank-account-step-service.ts';
import { BankCardAddingService, type BankCardAddingDependencies } from './bank-card-adding-service.ts';
import { BankCardsRepository } from './bank-cards-repository.ts';
import { BankCardsService } from './bank-cards-service.ts';

export interface BankCardsModule {
  /** The cards themselves: the loans module pays into them, the profile module reads whether the bank step is done. */
  service: BankCardsService;
  /** Adding a card from Me, confirmed by a code to the borrower's phone. */
  adding: BankCardAddingService;
  /** The onboarding's bank account step. */
  onboarding: BankAccountStepService;
}

/**
 * The borrower's bank cards. Built after the profile module: a card is held in the KTP name the profile knows, and
 * the profile's progress needs to know whether a card exists, which this module gives it once built.
 */
export function createBankCardsModule(deps: {
  db: Db;
  clock: Clock;
  users: UserAccounts;
  protection: DataProtection;
  accountInquiry: AccountInquiryProvider | null;
  profile: BankCardAddingDependencies['profile'] &
    BankAccountStepDependencies['profile'] & {
      useBankCards(cards: Pick<BankCardsService, 'hasDefaultCard'>): void;
    };
  codes: BankCardAddingDependencies['codes'];
  limiter: RateLimiter;
  outbox: OutboxService;
  pins: BankCardAddingDependencies['pins'];
}): BankCardsModule {
  const service = new BankCardsService({ ...deps, repo: new BankCardsRepository() });
  deps.profile.useBankCards(service);
  return {
    service,
    adding: new BankCardAddingService({ ...deps, cards: service }),
    onboarding: new BankAccountStepService({ ...deps, cards: service }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The borrower's bank cards: the loans module pays into them. */
    bankCards: BankCardsModule;
  }
}

export const bankCardsModule = defineModule({
  name: 'bank-cards',
  dependencies: ['user', 'auth', 'payment-pin', 'profile'],
  register: async (app, infra, scope) => {
    const bankCards = createBankCardsModule({
      ...infra,
      users: app.users,
      protection: infra.dataProtection,
      accountInquiry: infra.providers.accountInquiry,
      profile: app.profile.service,
      codes: app.auth.codes,
      pins: app.paymentPin,
    });
    app.decorate('bankCards', bankCards);
    await scope.api((api) => bankCardsRoutes(api, bankCards));
  },
});
