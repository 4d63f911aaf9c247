import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loanCalls, type BankCardAddBody } from '@kaskita/domain/contract/loans';
import { callApi } from '../../../lib/api-client.ts';
import { bankCardsQueryKey } from './get-bank-cards.ts';

/**
 * A new card, checked with the bank and confirmed by the SMS code; it becomes the default (with `id`, it replaces that
 * card). Not toasted: the bank's refusals and a wrong code are explained beside the form, where they are fixed.
 */
export function addBankCard(body: BankCardAddBody) {
  return callApi(loanCalls.addBankCard, body, { toast: false });
}

export function useAddBankCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addBankCard,
    onSuccess: async (cards) => {
      client.setQueryData(bankCardsQueryKey, cards);
      // The onboarding step's copy of the default account (features/profile, get-bank.ts).
      await client.invalidateQueries({ queryKey: ['profile', 'bank'] });
    },
  });
}
