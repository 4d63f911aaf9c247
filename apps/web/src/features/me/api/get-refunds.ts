import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

// The bills read the same answer (features/repayments/api/get-refunds.ts) under the same key, so a payment's
// invalidation refreshes both; Me has no form, so its schema is loaded with the request, as get-account's is.
const refundsCall = lazyCall('getRefunds', () =>
  import('@kaskita/domain/contract/refunds').then((m) => m.refundCalls),
);

/** GET /v1/order/refunds: credit held for the borrower and its refunds, newest first. */
export function getRefunds({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(refundsCall, undefined, { signal });
}

export function useRefunds() {
  return useQuery(
    queryOptions({ queryKey: repaymentKeys.refunds, queryFn: getRefunds, enabled: hasSession, staleTime: 0 }),
  );
}
