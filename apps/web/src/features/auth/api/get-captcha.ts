import { queryOptions, useQuery } from '@tanstack/react-query';
import { authCalls } from '@kaskita/domain/contract/auth';
import { callApi } from '../../../lib/api-client.ts';
import { authKeys } from '../../../lib/query-keys.ts';

/** A fresh image each call, so it is never cached. Failures are handled by the dialog. */
export function getCaptcha({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(authCalls.getCaptcha, undefined, { toast: false, signal });
}

/**
 * One image per opening of the dialog (`opening` counts them): an answered or abandoned image is spent on the
 * server, so it is never reused from the cache, and a failure is the dialog's to show rather than retried.
 */
export function captchaQueryOptions(opening: number, enabled: boolean) {
  return queryOptions({
    queryKey: [...authKeys.captcha, opening],
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
