import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession, JUST_FETCHED_MS } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

// A route's data prefetch imports this module (app/route-data.ts): without the contract's zod schemas in its chunk,
// the request leaves as soon as this small chunk arrives, and the schema is fetched beside it.
const billsCall = lazyCall('getBills', () =>
  import('@kaskita/domain/contract/repayments').then((m) => m.repaymentCalls),
);

/** GET /v1/order/bill?type=1: the open loan's bills as of today's business date (null loan: nothing to repay). */
export function getBills({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(billsCall, { type: '1' }, { signal });
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
