import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoanOrderBody } from '@kaskita/domain/contract/loans';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { invalidate, LOAN_ORDER_CHANGES } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const createLoanOrderCall = lazyCall('createLoanOrder', () =>
  import('@kaskita/domain/contract/loans').then((m) => m.loanCalls),
);

/**
 * Borrow. `order_token` makes a retry or a double tap the same order on the server. (The api client sends no
 * per-call headers, so the token goes as the form field, which the contract accepts as well as the
 * Idempotency-Key header.) Refusals are the plan page's to show in its banner, not toasts.
 */
export function createLoanOrder(body: LoanOrderBody) {
  return callApi(createLoanOrderCall, body, { toast: false });
}

export function useCreateLoanOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createLoanOrder,
    // The home's status, the open order, the available limit, the bills and the card the money goes to.
    onSuccess: () => invalidate(client, LOAN_ORDER_CHANGES),
  });
}
