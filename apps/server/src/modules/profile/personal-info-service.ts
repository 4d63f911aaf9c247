import type { BaseProfileView, ProfileProgress } from '@kaskita/domain/contract/profile';
import type { BaseProfileInput, OtherInfoInput } from '@kaskita/domain/validation/profile';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { AddressRegions } from './address-regions.ts';
import type { ProfileRepository } from './profile-repository.ts';
import type { ProfileService } from './profile-service.ts';

export interface PersonalInfoDependencies {
  db: Db;
  repo: ProfileRepository;
  clock: Clock;
  users: Pick<UserAccounts, 'editableSignedIn'>;
  regions: AddressRegions;
  profile: ProfileService;
}

/**
 * The person-info step, saved in two calls (the base profile, then email and home ownership), and GET /v1/user/base:
 * the whole base record, the KTP identity included with the NIK masked.
 */
export class PersonalInfoService {
  constructor(private readonly deps: PersonalInfoDependencies) {}

  async saveBase(userId: string, base: BaseProfileInput): Promise<ProfileProgress> {
    await this.deps.users.editableSignedIn(userId);
    await this.deps.regions.check({
      province: base.province,
      city: base.city,
      district: base.districts,
      village: base.sub_districts,
    });
    return this.deps.profile.saveStep(userId, {
      education: base.education,
      motherMaidenName: base.mother_maiden_name,
      province: base.province,
      city: base.city,
      district: base.districts,
      village: base.sub_districts,
      address: base.address,
      zipCode: base.zip_code,
      liveDuration: base.live_duration,
      baseSavedAt: this.deps.clock.now(),
    });
  }

  async saveOtherInfo(userId: string, other: OtherInfoInput): Promise<ProfileProgress> {
    await this.deps.users.editableSignedIn(userId);
    return this.deps.profile.saveStep(userId, {
      email: other.email,
      residentialStatus: other.residential_status,
      otherSavedAt: this.deps.clock.now(),
    });
  }

  async baseProfile(userId: string): Promise<BaseProfileView> {
    const p = await this.deps.repo.find(this.deps.db, userId);
    const nik = this.deps.profile.nik(p);
    return {
      ktp_submitted: Boolean(p?.ktpSavedAt),
      ktp_photo: Boolean(p?.ktpPhotoKey),
      cardid_masked: nik ? `${nik.slice(0, 4)}********${nik.slice(-4)}` : null,
      name: p?.name ?? null,
      birth_date: p?.birthDate ?? null,
      gender: p?.gender ?? null,
      religion: p?.religion ?? null,
      marriage: p?.marriage ?? null,
      education: p?.education ?? null,
      mother_maiden_name: p?.motherMaidenName ?? null,
      ...(await this.deps.regions.view(p?.province, p?.city, p?.district, p?.village, p?.address)),
      zip_code: p?.zipCode ?? null,
      live_duration: p?.liveDuration ?? null,
      email: p?.email ?? null,
      residential_status: p?.residentialStatus ?? null,
    };
  }
}
