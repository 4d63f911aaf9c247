import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const getRepayRecordsCall = lazyCall('getRepayRecords', () =>
  import('@kaskita/domain/contract/repayments').then((m) => m.repaymentCalls),
);

/** GET /v1/order/repay_record: the borrower's payments (receipts), newest first. */
export function getRepayRecords({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(getRepayRecordsCall, undefined, { signal });
}

export function repayRecordsQueryOptions() {
  return queryOptions({
    queryKey: repaymentKeys.records,
    queryFn: getRepayRecords,
    enabled: hasSession,
    staleTime: 0,
  });
}

export function useRepayRecords({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...repayRecordsQueryOptions(), enabled: () => enabled && hasSession() });
}
