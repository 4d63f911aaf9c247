import type { BankAccountView } from '@kaskita/domain/contract/bank-cards';
import type { BankAccountInput } from '@kaskita/domain/validation/profile';
import type { Db } from '../../db/client.ts';
import type { BankCardsService } from './bank-cards-service.ts';

export interface BankAccountStepDependencies {
  db: Db;
  cards: BankCardsService;
  profile: {
    /** The KTP name, refused like any onboarding save once submitted (4262) and before the KTP step (4264). */
    onboardingHolderName(userId: string): Promise<string>;
  };
}

/**
 * POST /v1/user/bank, the onboarding's last step: the bank is asked who holds the account before anything is saved,
 * and the holder must be the borrower named on the KTP: money is only ever sent to the borrower's own account. The
 * account replaces every card saved before.
 */
export class BankAccountStepService {
  constructor(private readonly deps: BankAccountStepDependencies) {}

  /** `network` is the client's address as per-address limits count it. */
  async save(userId: string, network: string, input: BankAccountInput): Promise<BankAccountView> {
    const holderName = await this.deps.profile.onboardingHolderName(userId);
    const card = await this.deps.cards.verify(userId, input, holderName, network);
    const row = await this.deps.db.transaction((tx) => this.deps.cards.replaceAll(tx, card));
    return { account: this.deps.cards.view(row) };
  }
}
