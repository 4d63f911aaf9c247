import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { invalidate, LOAN_ORDER_CHANGES } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const cancelLoanOrderCall = lazyCall('cancelLoanOrder', () =>
  import('@kaskita/domain/contract/loans').then((m) => m.loanCalls),
);

/** Cooling-off: free while nothing was sent to the bank (4301 once the money is on its way, toasted). */
export function cancelLoanOrder(orderId: string) {
  return callApi(cancelLoanOrderCall, { order_id: orderId });
}

export function useCancelLoanOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelLoanOrder,
    // Refused or not, the order's state may have moved on: read it again.
    onSettled: () => invalidate(client, LOAN_ORDER_CHANGES),
  });
}
