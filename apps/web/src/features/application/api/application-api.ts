import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationCalls, type FeedbackBody } from '@kaskita/domain/contract/application';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { applicationKeys, invalidate, profileKeys, userKeys } from '../../../lib/query-keys.ts';

/** Submits the application; the device location travels in the lon/lat headers (lib/api-client.ts). */
export function submitApplication() {
  return callApi(applicationCalls.submitApplication, {});
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
  return callApi(applicationCalls.getCreditCountdown, undefined);
}

export function useApplicationView() {
  return useQuery(
    queryOptions({
      queryKey: applicationKeys.view,
      queryFn: ({ signal }) => callApi(applicationCalls.getApplication, undefined, { signal }),
      enabled: hasSession,
      staleTime: 0,
    }),
  );
}

export function useLimitAmount() {
  return useQuery(
    queryOptions({
      queryKey: applicationKeys.limit,
      queryFn: ({ signal }) => callApi(applicationCalls.getLimitAmount, undefined, { signal }),
      enabled: hasSession,
    }),
  );
}

export function sendFeedback(body: FeedbackBody) {
  return callApi(applicationCalls.sendFeedback, body);
}
