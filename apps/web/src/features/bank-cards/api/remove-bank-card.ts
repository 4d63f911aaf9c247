import { bankCardCalls } from '@kaskita/domain/contract/bank-cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { bankKeys } from '../../../lib/query-keys.ts';

/** Removes a saved card: never the only one, nor one a disbursement is going to (4302, toasted). */
export function removeBankCard(id: string) {
  return callApi(bankCardCalls.removeBankCard, { id });
}

export function useRemoveBankCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeBankCard,
    onSuccess: (cards) => client.setQueryData(bankKeys.cards, cards),
    // Refused (in use since the list was read): show the list as it is now.
    onError: () => void client.invalidateQueries({ queryKey: bankKeys.cards }),
  });
}
