import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const getPaymentCodeCall = lazyCall('getPaymentCode', () =>
  import('@kaskita/domain/contract/repayments').then((m) => m.repaymentCalls),
);

/** How often the code page asks whether the payment arrived: gentle on mobile data, quick enough to feel live. */
export const PAYMENT_POLL_MS = 5000;

/** GET /v1/order/repay/:id: one of the borrower's payment codes with its status (active, paid, expired). */
export function getPaymentCode(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return callApi(getPaymentCodeCall, undefined, { params: { id }, signal });
}

export const paymentCodeQueryKey = (id: string) => [...repaymentKeys.code, id] as const;

export function paymentCodeQueryOptions(id: string) {
  return queryOptions({
    queryKey: paymentCodeQueryKey(id),
    queryFn: ({ signal }) => getPaymentCode(id, { signal }),
    enabled: hasSession,
    // The code just made (create-repayment.ts puts it here) is shown as it is, not asked for again at once.
    staleTime: PAYMENT_POLL_MS,
    // Asked again every 5 s while the code waits for its payment; a paid or expired code no longer changes.
    refetchInterval: (query) => (query.state.data?.status === 'active' ? PAYMENT_POLL_MS : false),
  });
}

export function usePaymentCode(id: string) {
  return useQuery(paymentCodeQueryOptions(id));
}
