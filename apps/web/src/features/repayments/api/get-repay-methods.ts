import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RepaymentType } from '@kaskita/domain/contract/repayments';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const getRepayMethodsCall = lazyCall('getRepayMethods', () =>
  import('@kaskita/domain/contract/repayments').then((m) => m.repaymentCalls),
);

/**
 * GET /v1/order/repay_method?repayment_type=: today's amount for that type and every channel, each available or not
 * for it. 4310 (no loan) and 4314 (nothing due) are the page's to explain, so they are not toasted.
 */
export function getRepayMethods(type: RepaymentType, { signal }: { signal?: AbortSignal } = {}) {
  return callApi(getRepayMethodsCall, { repayment_type: type }, { signal, toast: false });
}

export function repayMethodsQueryOptions(type: RepaymentType) {
  return queryOptions({
    queryKey: [...repaymentKeys.methods, type],
    queryFn: ({ signal }) => getRepayMethods(type, { signal }),
    enabled: hasSession,
    staleTime: 0,
  });
}

export function useRepayMethods(type: RepaymentType) {
  return useQuery(repayMethodsQueryOptions(type));
}
