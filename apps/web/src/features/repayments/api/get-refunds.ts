import { queryOptions, useQuery } from '@tanstack/react-query';
import { refundCalls } from '@kaskita/domain/contract/refunds';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

/** GET /v1/order/refunds: credit held for the borrower and its refunds, newest first. */
export function getRefunds({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(refundCalls.getRefunds, undefined, { signal });
}

export function refundsQueryOptions() {
  return queryOptions({
    queryKey: repaymentKeys.refunds,
    queryFn: getRefunds,
    enabled: hasSession,
    staleTime: 0,
  });
}

export function useRefunds() {
  return useQuery(refundsQueryOptions());
}
