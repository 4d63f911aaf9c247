import { queryOptions, useQuery } from '@tanstack/react-query';
import { complaintCalls } from '@kaskita/domain/contract/complaints';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { complaintKeys } from '../../../lib/query-keys.ts';

/** GET /v1/complaint_subjects: the borrower's own loans and payments a complaint may be about. */
export function useComplaintSubjects() {
  return useQuery(
    queryOptions({
      queryKey: complaintKeys.subjects,
      queryFn: ({ signal }) => callApi(complaintCalls.getComplaintSubjects, undefined, { signal }),
      enabled: hasSession,
    }),
  );
}
