import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const getPaymentClaimsCall = lazyCall('getPaymentClaims', () =>
  import('@kaskita/domain/contract/payment-claims').then((m) => m.paymentClaimCalls),
);

/** GET /v1/order/payment_claims: the borrower's "paid but not credited?" reports with their status, newest first. */
export function getPaymentClaims({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(getPaymentClaimsCall, undefined, { signal });
}

export function paymentClaimsQueryOptions() {
  return queryOptions({
    queryKey: repaymentKeys.claims,
    queryFn: getPaymentClaims,
    enabled: hasSession,
    // The back office moves claims on its own time: each visit shows where they stand now.
    staleTime: 0,
  });
}

export function usePaymentClaims() {
  return useQuery(paymentClaimsQueryOptions());
}
