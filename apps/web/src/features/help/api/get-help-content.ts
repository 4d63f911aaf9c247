import { queryOptions, useQuery } from '@tanstack/react-query';
import { complaintCalls } from '@kaskita/domain/contract/complaints';
import { callApi } from '../../../lib/api-client.ts';
import { complaintKeys } from '../../../lib/query-keys.ts';

/** GET /v1/help: the questions and answers and the support channels (open without a session). */
export const helpContentQuery = queryOptions({
  queryKey: complaintKeys.help,
  queryFn: ({ signal }) => callApi(complaintCalls.getHelpContent, undefined, { signal }),
  staleTime: 10 * 60_000,
});

export const useHelpContent = () => useQuery(helpContentQuery);
