import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const getRefundsCall = lazyCall('getRefunds', () =>
  import('@kaskita/domain/contract/refunds').then((m) => m.refundCalls),
);

/** GET /v1/order/refunds: credit held for the borrower and its refunds, newest first. */
export function getRefunds({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(getRefundsCall, undefined, { signal });
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
