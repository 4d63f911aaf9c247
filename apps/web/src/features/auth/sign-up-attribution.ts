import { normaliseReferralCode } from '@kaskita/domain/validation/referral-code';
import { isLandingPlatform } from '@kaskita/domain/routing/partner-platforms';
import { LOCAL_KEYS } from '../../lib/storage-keys.ts';
import { local } from '../../lib/storage.ts';

/**
 * Where this visitor came from, for the code login (the server keeps it only on the login that registers the phone):
 * the partner of a /landing-page/:platform or /index link, the agency, and a friend's referral code. Only what can be
 * one is sent ('0', the /index default, is no agency); the channel goes in the `cl` header as on every call.
 */
export function signUpAttribution(): {
  promote_platform?: string;
  promote_agency?: string;
  referral_code?: string;
} {
  const platform = local.get(LOCAL_KEYS.promotePlatform);
  const agency = local.get(LOCAL_KEYS.promoteAgency)?.trim().slice(0, 64);
  const code = normaliseReferralCode(local.get(LOCAL_KEYS.referralCode));
  return {
    ...(isLandingPlatform(platform) ? { promote_platform: platform } : {}),
    ...(agency && agency !== '0' ? { promote_agency: agency } : {}),
    ...(code ? { referral_code: code } : {}),
  };
}
