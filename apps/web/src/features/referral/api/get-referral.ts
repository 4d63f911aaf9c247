import { useQuery } from '@tanstack/react-query';
import { referralCalls } from '@kaskita/domain/contract/referral';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { referralKeys } from '../../../lib/query-keys.ts';

/** GET /v1/referral: my code and link, friends joined, the coupons earned (read afresh each visit: coupons change). */
export function getReferral(signal?: AbortSignal) {
  return callApi(referralCalls.getReferral, undefined, { signal });
}

export function useReferral() {
  return useQuery({
    queryKey: referralKeys.mine,
    queryFn: ({ signal }) => getReferral(signal),
    enabled: hasSession,
    staleTime: 0,
  });
}
