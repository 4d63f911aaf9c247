import { queryOptions, useQuery } from '@tanstack/react-query';
import { applicationCalls, type FeedbackBody } from '@kaskita/domain/contract/application';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';

/** Submits the application; the device location travels in the lon/lat headers (lib/api-client.ts). */
export function submitApplication() {
  return callApi(applicationCalls.submitApplication, {});
}

export function getCreditCountdown() {
  return callApi(applicationCalls.getCreditCountdown, undefined);
}

export function useApplicationView() {
  return useQuery(
    queryOptions({
      queryKey: ['application', 'view'],
      queryFn: ({ signal }) => callApi(applicationCalls.getApplication, undefined, { signal }),
      enabled: hasSession,
      staleTime: 0,
    }),
  );
}

export function useLimitAmount() {
  return useQuery(
    queryOptions({
      queryKey: ['application', 'limit'],
      queryFn: ({ signal }) => callApi(applicationCalls.getLimitAmount, undefined, { signal }),
      enabled: hasSession,
    }),
  );
}

export function sendFeedback(body: FeedbackBody) {
  return callApi(applicationCalls.sendFeedback, body);
}
