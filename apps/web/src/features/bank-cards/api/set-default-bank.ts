import { bankCardCalls } from '@kaskita/domain/contract/bank-cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { bankKeys } from '../../../lib/query-keys.ts';

/** The card loans are paid into from now on; answers the cards as they now are. */
export function setDefaultBank(id: string) {
  return callApi(bankCardCalls.setDefaultBank, { id });
}

export function useSetDefaultBank() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setDefaultBank,
    onSuccess: (cards) => client.setQueryData(bankKeys.cards, cards),
  });
}
