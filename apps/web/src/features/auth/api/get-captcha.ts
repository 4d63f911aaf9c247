import { captchaResponseSchema, type CaptchaResponse } from '@kaskita/domain/contract/auth';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /v1/captcha: a fresh image each call, so it is never cached. Failures are handled by the dialog. */
export function getCaptcha(): Promise<CaptchaResponse> {
  return apiGet('/v1/captcha', undefined, { schema: captchaResponseSchema, toast: false });
}
