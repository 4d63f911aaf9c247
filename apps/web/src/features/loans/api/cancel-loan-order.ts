import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loanCalls } from '@kaskita/domain/contract/loans';
import { callApi } from '../../../lib/api-client.ts';
import { invalidate, LOAN_ORDER_CHANGES } from '../../../lib/query-keys.ts';

/** Cooling-off: free while nothing was sent to the bank (4301 once the money is on its way, toasted). */
export function cancelLoanOrder(orderId: string) {
  return callApi(loanCalls.cancelLoanOrder, { order_id: orderId });
}

export function useCancelLoanOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelLoanOrder,
    // Refused or not, the order's state may have moved on: read it again.
    onSettled: () => invalidate(client, LOAN_ORDER_CHANGES),
  });
}
