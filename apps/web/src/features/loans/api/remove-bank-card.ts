import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loanCalls } from '@kaskita/domain/contract/loans';
import { callApi } from '../../../lib/api-client.ts';
import { bankCardsQueryKey } from './get-bank-cards.ts';

/** Removes a saved card: never the only one, nor one a disbursement is going to (4302, toasted). */
export function removeBankCard(id: string) {
  return callApi(loanCalls.removeBankCard, { id });
}

export function useRemoveBankCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeBankCard,
    onSuccess: (cards) => client.setQueryData(bankCardsQueryKey, cards),
    // Refused (in use since the list was read): show the list as it is now.
    onError: () => void client.invalidateQueries({ queryKey: bankCardsQueryKey }),
  });
}
