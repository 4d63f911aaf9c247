import { authCalls, type SmsCodeQuery } from '@kaskita/domain/contract/auth';
import { callApi } from '../../../lib/api-client.ts';

/** Sends a login code, or answers captcha=1 when an image captcha must be solved first. */
export function sendSmsCode(query: SmsCodeQuery) {
  return callApi(authCalls.sendLoginCode, query);
}
