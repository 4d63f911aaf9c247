import { bankCardCalls, type BankCardAddBody } from '@kaskita/domain/contract/bank-cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { bankKeys } from '../../../lib/query-keys.ts';

/**
 * A new card, checked with the bank and confirmed by the SMS code; it becomes the default (with `id`, it replaces that
 * card). Not toasted: the bank's refusals and a wrong code are explained beside the form, where they are fixed.
 */
export function addBankCard(body: BankCardAddBody) {
  return callApi(bankCardCalls.addBankCard, body, { toast: false });
}

export function useAddBankCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addBankCard,
    // The answer is every card as it now is.
    onSuccess: (cards) => client.setQueryData(bankKeys.cards, cards),
  });
}
