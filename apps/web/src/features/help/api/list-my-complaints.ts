import { queryOptions, useQuery } from '@tanstack/react-query';
import { complaintCalls } from '@kaskita/domain/contract/complaints';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { complaintKeys } from '../../../lib/query-keys.ts';

/** GET /v1/complaints: the borrower's cases with their status and deadline, newest first. */
export function useMyComplaints() {
  return useQuery(
    queryOptions({
      queryKey: complaintKeys.mine,
      queryFn: ({ signal }) => callApi(complaintCalls.listMyComplaints, undefined, { signal }),
      enabled: hasSession,
      staleTime: 0,
    }),
  );
}
