import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationCalls, type FeedbackBody } from '@kaskita/domain/contract/application';
import { borrowerFeedbackCalls } from '@kaskita/domain/contract/feedback';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { feedbackKeys } from '../../../lib/query-keys.ts';

/** GET /v1/feedback: what the borrower sent, with the customer service's answers. */
export function useMyFeedback() {
  return useQuery(
    queryOptions({
      queryKey: feedbackKeys.mine,
      queryFn: ({ signal }) => callApi(borrowerFeedbackCalls.listMyFeedback, undefined, { signal }),
      enabled: hasSession,
      staleTime: 0,
    }),
  );
}

export function useSendFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackBody) => callApi(applicationCalls.sendFeedback, body),
    onSuccess: () => client.invalidateQueries({ queryKey: feedbackKeys.mine }),
  });
}
