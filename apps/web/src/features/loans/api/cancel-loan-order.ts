import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loanCalls } from '@kaskita/domain/contract/loans';
import { callApi } from '../../../lib/api-client.ts';
import { currentOrderQueryKey } from './get-current-order.ts';
import { loanProductsQueryKey } from './get-loan-products.ts';

/** Cooling-off: free while nothing was sent to the bank (4301 once the money is on its way, toasted). */
export function cancelLoanOrder(orderId: string) {
  return callApi(loanCalls.cancelLoanOrder, { order_id: orderId });
}

export function useCancelLoanOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelLoanOrder,
    // Refused or not, the order's state may have moved on: read it again.
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['user', 'status'] }),
        client.invalidateQueries({ queryKey: currentOrderQueryKey }),
        client.invalidateQueries({ queryKey: loanProductsQueryKey }),
      ]);
    },
  });
}
