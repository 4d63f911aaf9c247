import { queryOptions, useQuery } from '@tanstack/react-query';
import { repaymentCalls } from '@kaskita/domain/contract/repayments';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

/** GET /v1/order/repay_record: the borrower's payments (receipts), newest first. */
export function getRepayRecords({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(repaymentCalls.getRepayRecords, undefined, { signal });
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
