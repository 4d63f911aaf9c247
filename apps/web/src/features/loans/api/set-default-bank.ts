import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loanCalls } from '@kaskita/domain/contract/loans';
import { callApi } from '../../../lib/api-client.ts';
import { bankCardsQueryKey } from './get-bank-cards.ts';

/** The card loans are paid into from now on; answers the cards as they now are. */
export function setDefaultBank(id: string) {
  return callApi(loanCalls.setDefaultBank, { id });
}

export function useSetDefaultBank() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setDefaultBank,
    onSuccess: (cards) => client.setQueryData(bankCardsQueryKey, cards),
  });
}
