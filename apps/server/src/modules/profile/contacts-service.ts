import type { ProfileProgress, SocialView } from '@kaskita/domain/contract/profile';
import { EMERGENCY_CONTACT_CONSENT_VERSION } from '@kaskita/domain/legal/versions';
import { localPhone } from '@kaskita/domain/validation/phone';
import type { SocialInput } from '@kaskita/domain/validation/profile';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { UserAccounts } from '../user/user-service.ts';
import type { ProfileRepository } from './profile-repository.ts';
import { fieldError, type ProfileService } from './profile-service.ts';

export interface ContactsDependencies {
  db: Db;
  repo: ProfileRepository;
  clock: Clock;
  users: Pick<UserAccounts, 'editableSignedIn' | 'recordConsent'>;
  profile: ProfileService;
}

/** The contacts step: two emergency contacts with the borrower's consent to contact them, and the expected loan. */
export class ContactsService {
  constructor(private readonly deps: ContactsDependencies) {}

  /** The consent to contact them is recorded with its text version and the address, in the same transaction. */
  async saveSocial(userId: string, social: SocialInput, address: string): Promise<ProfileProgress> {
    const user = await this.deps.users.editableSignedIn(userId);
    social.socials.forEach((contact, index) => {
      if (contact.phone === user.phone) throw fieldError(`socials.${index}.phone`, 'contact.own_phone');
    });
    const now = this.deps.clock.now();
    const saved = await this.deps.db.transaction(async (tx) => {
      const row = await this.deps.repo.save(
        tx,
        userId,
        {
          contacts: social.socials,
          expectedAmount: social.expect_amount,
          expectedPeriod: social.expect_period,
          contactsSavedAt: now,
        },
        now,
      );
      await this.deps.users.recordConsent(
        tx,
        userId,
        'emergency_contacts',
        EMERGENCY_CONTACT_CONSENT_VERSION,
        address,
      );
      return row;
    });
    return this.deps.profile.progressAfter(saved);
  }

  async social(userId: string): Promise<SocialView> {
    const p = await this.deps.repo.find(this.deps.db, userId);
    return {
      socials: (p?.contacts ?? []).map((c) => ({
        relation: c.relation,
        name: c.name,
        phone: localPhone(c.phone),
      })),
      contact_consent: Boolean(p?.contactsSavedAt),
      expect_amount: p?.expectedAmount ?? null,
      expect_period: p?.expectedPeriod ?? null,
    };
  }
}
