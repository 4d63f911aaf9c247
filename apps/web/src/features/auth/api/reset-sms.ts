import {
  smsCodeResponseSchema,
  type ResetSmsBody,
  type SmsCodeResponse,
} from '@kaskita/domain/contract/auth';
import { apiPostForm } from '../../../lib/api-client.ts';

/** POST /v1/reset_sms: sends a code to reset a forgotten password (same answer as sms_code). */
export function sendResetSms(body: ResetSmsBody): Promise<SmsCodeResponse> {
  return apiPostForm('/v1/reset_sms', body, { schema: smsCodeResponseSchema });
}
