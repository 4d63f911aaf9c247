import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackBody } from '@kaskita/domain/contract/application';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { applicationKeys, invalidate, profileKeys, userKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const loadApplicationCalls = () =>
  import('@kaskita/domain/contract/application').then((m) => m.applicationCalls);
const getApplicationCall = lazyCall('getApplication', loadApplicationCalls);
const getCreditCountdownCall = lazyCall('getCreditCountdown', loadApplicationCalls);
const getLimitAmountCall = lazyCall('getLimitAmount', loadApplicationCalls);
const sendFeedbackCall = lazyCall('sendFeedback', loadApplicationCalls);
const submitApplicationCall = lazyCall('submitApplication', loadApplicationCalls);

/** Submits the application; the device location travels in the lon/lat headers (lib/api-client.ts). */
export function submitApplication() {
  return callApi(submitApplicationCall, {});
}

/**
 * Submitting moves the status to auditing (the home decides on it next), locks the profile and answers the checks
 * and the application anew: all are read again, the status before the caller moves on.
 */
export function useSubmitApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: () =>
      invalidate(client, [
        userKeys.status,
        profileKeys.progress,
        applicationKeys.verification,
        applicationKeys.view,
      ]),
  });
}

export function getCreditCountdown() {
  return callApi(getCreditCountdownCall, undefined);
}

export function useApplicationView() {
  return useQuery(
    queryOptions({
      queryKey: applicationKeys.view,
      queryFn: ({ signal }) => callApi(getApplicationCall, undefined, { signal }),
      enabled: hasSession,
      staleTime: 0,
    }),
  );
}

export function limitAmountQueryOptions() {
  return queryOptions({
    queryKey: applicationKeys.limit,
    queryFn: ({ signal }) => callApi(getLimitAmountCall, undefined, { signal }),
    enabled: hasSession,
  });
}

export function useLimitAmount() {
  return useQuery(limitAmountQueryOptions());
}

export function sendFeedback(body: FeedbackBody) {
  return callApi(sendFeedbackCall, body);
}
