import { queryOptions, useQuery } from '@tanstack/react-query';
import { captchaResponseSchema, type CaptchaResponse } from '@kaskita/domain/contract/auth';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /v1/captcha: a fresh image each call, so it is never cached. Failures are handled by the dialog. */
export function getCaptcha({ signal }: { signal?: AbortSignal } = {}): Promise<CaptchaResponse> {
  return apiGet('/v1/captcha', undefined, { schema: captchaResponseSchema, toast: false, signal });
}

/**
 * One image per opening of the dialog (`opening` counts them): an answered or abandoned image is spent on the
 * server, so it is never reused from the cache, and a failure is the dialog's to show rather than retried.
 */
export function captchaQueryOptions(opening: number, enabled: boolean) {
  return queryOptions({
    queryKey: ['captcha', opening],
    queryFn: getCaptcha,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function useCaptcha(opening: number, enabled: boolean) {
  return useQuery(captchaQueryOptions(opening, enabled));
}
