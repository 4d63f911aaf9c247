import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CommerceOrderView } from '@kaskita/domain/contract/commerce';
import {
  payPinCalls,
  type payPinCodeBodySchema,
  type setPayPinBodySchema,
} from '@kaskita/domain/contract/pay-pin';
import { callApi } from '../../../lib/api-client.ts';
import { commerceKeys } from '../../../lib/query-keys.ts';

/** POST /v1/commerce/pay_pin_code: an SMS code to the borrower's own phone, to set or reset the payment PIN. */
export function sendPayPinCode(captcha: z.input<typeof payPinCodeBodySchema>) {
  return callApi(payPinCalls.sendPayPinCode, captcha, { commerce: true });
}

/** POST /v1/commerce/pay_pin: the PIN with the code. Not toasted: the form says what to change beside the field. */
export function setPayPin(body: z.input<typeof setPayPinBodySchema>) {
  return callApi(payPinCalls.setPayPin, body, { toast: false, commerce: true });
}

export function useSetPayPin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setPayPin,
    // The order's `pay_pin_set` changes: written into the cached orders at once, so the checkout the buyer returns to
    // asks for the PIN rather than sending them to set it again while it reloads.
    onSuccess: (answer) => {
      client.setQueriesData<CommerceOrderView>({ queryKey: commerceKeys.order }, (order) =>
        order && order.pay_pin_set !== null ? { ...order, pay_pin_set: answer.pay_pin_set } : order,
      );
      return client.invalidateQueries({ queryKey: commerceKeys.order });
    },
  });
}
