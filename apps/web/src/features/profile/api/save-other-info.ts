import { profileCalls } from '@kaskita/domain/contract/profile';
import type { OtherInfoInput } from '@kaskita/domain/validation/profile';
import { callApi } from '../../../lib/api-client.ts';

/** Email and home ownership, the rest of the personal-information step. */
export function saveOtherInfo(body: OtherInfoInput) {
  return callApi(profileCalls.saveOtherInfo, body);
}
