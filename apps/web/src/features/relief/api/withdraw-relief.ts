import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reliefCalls } from '@kaskita/domain/contract/relief';
import { callApi } from '../../../lib/api-client.ts';
import { reliefKeys } from '../relief-keys.ts';

/** POST /v1/relief/:id/withdraw: a request still waiting, or an offer turned down. Refusals are the page's to show. */
export function withdrawRelief(id: string) {
  return callApi(reliefCalls.withdrawRelief, undefined, { params: { id }, toast: false });
}

export function useWithdrawRelief() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawRelief,
    // Withdrawn, or refused because staff decided meanwhile (4434): either way the request has moved on.
    onSettled: () => client.invalidateQueries({ queryKey: reliefKeys.all }),
  });
}
