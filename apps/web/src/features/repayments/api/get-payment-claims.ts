import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentClaimCalls } from '@kaskita/domain/contract/payment-claims';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

/** GET /v1/order/payment_claims: the borrower's "paid but not credited?" reports with their status, newest first. */
export function getPaymentClaims({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(paymentClaimCalls.getPaymentClaims, undefined, { signal });
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
