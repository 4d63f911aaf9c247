import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { commerceCalls, type commerceLoanBodySchema } from '@kaskita/domain/contract/commerce';
import { callApi } from '../../../lib/api-client.ts';
import { invalidate, PURCHASE_CHANGES } from '../../../lib/query-keys.ts';

/**
 * POST /v1/commerce/loan (form; `coupons_id` from the page's coupon_id, spec section 7): the purchase, confirmed by the
 * payment PIN. Not toasted: a wrong PIN is said under the PIN, anything else on the result page.
 */
export function buyWithPayLater(body: z.input<typeof commerceLoanBodySchema>) {
  return callApi(commerceCalls.createCommerceLoan, body, { toast: false, commerce: true });
}

export function useBuyWithPayLater() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: buyWithPayLater,
    onSuccess: () => invalidate(client, PURCHASE_CHANGES),
  });
}
