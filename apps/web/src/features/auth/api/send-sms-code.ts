import {
  smsCodeResponseSchema,
  type SmsCodeQuery,
  type SmsCodeResponse,
} from '@kaskita/domain/contract/auth';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /v2/sms_code: sends a login code, or answers captcha=1 when an image captcha must be solved first. */
export function sendSmsCode(query: SmsCodeQuery): Promise<SmsCodeResponse> {
  return apiGet('/v2/sms_code', query, { schema: smsCodeResponseSchema });
}
