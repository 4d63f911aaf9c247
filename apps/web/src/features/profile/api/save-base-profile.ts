import { profileCalls } from '@kaskita/domain/contract/profile';
import type { BaseProfileInput } from '@kaskita/domain/validation/profile';
import { callApi } from '../../../lib/api-client.ts';

/** Personal information: education, mother's maiden name, the address with its region codes, how long lived there. */
export function saveBaseProfile(body: BaseProfileInput) {
  return callApi(profileCalls.saveBaseProfile, body);
}
