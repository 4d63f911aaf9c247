import { queryOptions, useQuery } from '@tanstack/react-query';
import { complaintCalls } from '@kaskita/domain/contract/complaints';
import { callApi } from '../../../lib/api-client.ts';
import { complaintKeys } from '../../../lib/query-keys.ts';

/** GET /v1/complaints/:id: one case with its history and answers (another borrower's: 4040). */
export function useMyComplaint(id: string) {
  return useQuery(
    queryOptions({
      queryKey: complaintKeys.one(id),
      queryFn: ({ signal }) =>
        callApi(complaintCalls.getMyComplaint, undefined, { params: { id }, signal, toast: false }),
      staleTime: 0,
    }),
  );
}
