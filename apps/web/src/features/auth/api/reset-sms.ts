import { authCalls, type ResetSmsBody } from '@kaskita/domain/contract/auth';
import { callApi } from '../../../lib/api-client.ts';

/** Sends a code to reset a forgotten password (answers like sendSmsCode). */
export function sendResetSms(body: ResetSmsBody) {
  return callApi(authCalls.sendResetCode, body);
}
