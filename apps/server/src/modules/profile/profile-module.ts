import type { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import { defineModule } from '../module-plugin.ts';
import { OcrKtpPhotoReader } from './ktp-photo-reader.ts';
import { profileRoutes } from './profile-routes.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import type { UserAccounts } from '../user/user-service.ts';
import { AddressRegions, type RegionLookup } from './address-regions.ts';
import { ContactsService } from './contacts-service.ts';
import { JobInfoService } from './job-info-service.ts';
import { KtpService, type KtpPhotoReader } from './ktp-service.ts';
import { PersonalInfoService } from './personal-info-service.ts';
import {
  PROFILE_DRAFTS_EXPIRY,
  PROFILE_DRAFTS_EXPIRY_CRON,
  ProfileDraftsService,
} from './profile-drafts-service.ts';
import { ProfileRepository } from './profile-repository.ts';
import { ProfileService } from './profile-service.ts';

export interface ProfileModule {
  /** The profile as a whole: progress, and what other modules read of it. */
  service: ProfileService;
  ktp: KtpService;
  personalInfo: PersonalInfoService;
  jobInfo: JobInfoService;
  contacts: ContactsService;
  drafts: ProfileDraftsService;
}

/** Onboarding; its last step, the bank account, is the bank cards module's (built next, it plugs into this one). */
export function createProfileModule(deps: {
  db: Db;
  clock: Clock;
  users: UserAccounts;
  protection: DataProtection;
  regions: () => Promise<RegionLookup>;
  ktpReader: KtpPhotoReader;
  limiter: RateLimiter;
}): ProfileModule {
  const repo = new ProfileRepository(deps.protection);
  const service = new ProfileService({ ...deps, repo });
  const steps = { ...deps, repo, regions: new AddressRegions(deps.regions), profile: service };
  return {
    service,
    ktp: new KtpService(steps),
    personalInfo: new PersonalInfoService(steps),
    jobInfo: new JobInfoService(steps),
    contacts: new ContactsService(steps),
    drafts: new ProfileDraftsService({ ...deps, repo }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The borrower's profile: onboarding steps, the KTP, and what other modules read of it. */
    profile: ProfileModule;
  }
}

export const profileModule = defineModule({
  name: 'profile',
  dependencies: ['user', 'regions'],
  register: async (app, infra, scope) => {
    const { env, providers } = infra;
    const profile = createProfileModule({
      ...infra,
      users: app.users,
      protection: infra.dataProtection,
      regions: () => app.regions.directory(),
      ktpReader: new OcrKtpPhotoReader(providers.ocr, env.UPLOAD_LIMIT_BYTES, app.log),
    });
    infra.jobs.register(PROFILE_DRAFTS_EXPIRY, async () => void (await profile.drafts.expire()));
    infra.jobs.schedule(PROFILE_DRAFTS_EXPIRY, PROFILE_DRAFTS_EXPIRY_CRON, {});
    app.decorate('profile', profile);
    await scope.api((api) => profileRoutes(api, profile));
  },
});
