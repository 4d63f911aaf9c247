import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepayBody } from '@kaskita/domain/contract/repayments';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { paymentCodeQueryKey } from './get-payment-code.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const createRepaymentCall = lazyCall('createRepayment', () =>
  import('@kaskita/domain/contract/repayments').then((m) => m.repaymentCalls),
);

/**
 * POST /v1/order/repay: a payment code for the amount the server computes today. Not toasted by the api client: a
 * changed amount (4312) is shown to the borrower to confirm, and the page words the other refusals itself. Asking
 * again with the same values answers the same still-valid code, so a double tap or a retry makes no second code.
 */
export function createRepayment(body: RepayBody) {
  return callApi(createRepaymentCall, body, { toast: false });
}

export function useCreateRepayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRepayment,
    // The code page opens on this answer without asking for it again.
    onSuccess: (code) => client.setQueryData(paymentCodeQueryKey(code.code_id), code),
  });
}
