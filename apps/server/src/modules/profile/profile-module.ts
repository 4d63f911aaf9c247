import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { AccountInquiryProvider } from '../../providers/account-inquiry/account-inquiry-provider.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { ProfileRepository } from './profile-repository.ts';
import { ProfileService, type KtpPhotoReader, type RegionLookup } from './profile-service.ts';

export interface ProfileModule {
  service: ProfileService;
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
  return { service: new ProfileService({ ...deps, repo: new ProfileRepository() }) };
}
