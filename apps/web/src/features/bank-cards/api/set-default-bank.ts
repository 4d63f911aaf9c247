import { bankCardCalls, type SetDefaultBankBody } from '@kaskita/domain/contract/bank-cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { bankKeys } from '../../../lib/query-keys.ts';

/**
 * The card loans are paid into from now on, with the payment PIN once set; answers the cards as they now are. Not
 * toasted: the list says a refusal itself, and the PIN's request (4427) opens the PIN sheet instead.
 */
export function setDefaultBank(body: SetDefaultBankBody) {
  return callApi(bankCardCalls.setDefaultBank, body, { toast: false });
}

export function useSetDefaultBank() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setDefaultBank,
    onSuccess: (cards) => client.setQueryData(bankKeys.cards, cards),
  });
}
