import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AccountInquiryProvider } from '../../providers/account-inquiry/account-inquiry-provider.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { BankCardsService } from './bank-cards-service.ts';
import { ProfileRepository } from './profile-repository.ts';
import { ProfileService, type KtpPhotoReader, type RegionLookup } from './profile-service.ts';

export interface ProfileModule {
  service: ProfileService;
  cards: BankCardsService;
}

export function createProfileModule(deps: {
  db: Db;
  clock: Clock;
  users: UserAccounts;
  protection: DataProtection;
  regions: () => Promise<RegionLookup>;
  ktpReader: KtpPhotoReader;
  accountInquiry: AccountInquiryProvider | null;
}): ProfileModule {
  const repo = new ProfileRepository();
  const cards = new BankCardsService({ ...deps, repo });
  return { service: new ProfileService({ ...deps, repo, cards }), cards };
}
