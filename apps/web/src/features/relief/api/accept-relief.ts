import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reliefCalls } from '@kaskita/domain/contract/relief';
import { ERRORS } from '@kaskita/domain/i18n/error-codes';
import { ApiError, callApi } from '../../../lib/api-client.ts';
import { invalidate } from '../../../lib/query-keys.ts';
import { RELIEF_CHANGES, reliefKeys } from '../relief-keys.ts';

/**
 * Refusals saying the offer is no longer what was read: gone (the page reads the requests again to show what it became)
 * or changed since (the addendum is read again: its new terms are what an acceptance signs).
 */
const OFFER_GONE: ReadonlySet<number> = new Set([
  ERRORS.NOT_FOUND.code,
  ERRORS.RELIEF_NOT_OFFERED.code,
  ERRORS.RELIEF_OFFER_EXPIRED.code,
  ERRORS.RELIEF_TERMS_CHANGED.code,
]);

/**
 * POST /v1/relief/:id/accept with the terms of the addendum read, and the payment PIN once the borrower has set one
 * (components/pin-confirmation.ts). Not toasted: the PIN's refusals are the PIN sheet's to say, the others the page's.
 */
export function acceptRelief({
  id,
  pay_pin,
  terms,
}: {
  id: string;
  pay_pin: string | undefined;
  terms: string;
}) {
  return callApi(reliefCalls.acceptRelief, { pay_pin, terms }, { params: { id }, toast: false });
}

export function useAcceptRelief() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptRelief,
    // The bills fall due later: /bill, the histories and the home show the new dates.
    onSuccess: () => invalidate(client, RELIEF_CHANGES),
    onError: (e) => {
      if (e instanceof ApiError && OFFER_GONE.has(e.code))
        void client.invalidateQueries({ queryKey: reliefKeys.all });
    },
  });
}
