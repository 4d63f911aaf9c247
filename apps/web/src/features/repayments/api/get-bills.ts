import { queryOptions, useQuery } from '@tanstack/react-query';
import { repaymentCalls } from '@kaskita/domain/contract/repayments';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession, JUST_FETCHED_MS } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

/** GET /v1/order/bill?type=1: the open loan's bills as of today's business date (null loan: nothing to repay). */
export function getBills({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(repaymentCalls.getBills, { type: '1' }, { signal });
}

export function billsQueryOptions() {
  return queryOptions({
    queryKey: repaymentKeys.bills,
    queryFn: getBills,
    enabled: hasSession,
    // Amounts change every day (interest, late fees) and with every payment (which refetches them): never shown from
    // a copy older than the route's own prefetch.
    staleTime: JUST_FETCHED_MS,
  });
}

export function useBills() {
  return useQuery(billsQueryOptions());
}
