import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const getLoanRecordsCall = lazyCall('getLoanRecords', () =>
  import('@kaskita/domain/contract/repayments').then((m) => m.repaymentCalls),
);

/** GET /v1/order/loan_records: every loan of the borrower, newest first, each in its history group. */
export function getLoanRecords({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(getLoanRecordsCall, undefined, { signal });
}

export function loanRecordsQueryOptions() {
  return queryOptions({
    queryKey: repaymentKeys.loanRecords,
    queryFn: getLoanRecords,
    enabled: hasSession,
    staleTime: 0,
  });
}

export function useLoanRecords() {
  return useQuery(loanRecordsQueryOptions());
}
