import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  PAYMENT_CLAIM_PROOF_FIELD,
  paymentClaimCalls,
  type paymentClaimFormSchema,
} from '@kaskita/domain/contract/payment-claims';
import { callApi } from '../../../lib/api-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

export type PaymentClaimInput = z.output<typeof paymentClaimFormSchema> & {
  /** The receipt's photo or screenshot, already shrunk (lib/shrink-photo.ts). */
  proof: Blob | null;
};

/**
 * POST /v1/order/payment_claim as a multipart form (the proof is a file). Not toasted by the api client: field
 * errors go under their fields and a refused photo under the photo, so the form says what to change.
 */
export function createPaymentClaim({ proof, ...form }: PaymentClaimInput) {
  const formData = new FormData();
  if (proof) formData.append(PAYMENT_CLAIM_PROOF_FIELD, proof, 'proof.jpg');
  return callApi(
    paymentClaimCalls.createPaymentClaim,
    {
      channel_id: form.channel_id,
      paid_at: form.paid_at.toISOString(),
      amount: String(form.amount),
      reference: form.reference,
    },
    { formData, toast: false },
  );
}

export function useCreatePaymentClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPaymentClaim,
    onSuccess: () => client.invalidateQueries({ queryKey: repaymentKeys.claims }),
  });
}
