import { bankCardCalls } from '@kaskita/domain/contract/bank-cards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankAccountInput } from '@kaskita/domain/validation/profile';
import { callApi } from '../../../lib/api-client.ts';
import { bankKeys } from '../../../lib/query-keys.ts';
import { getProfileProgress, storeProgress } from './get-profile-progress.ts';

/**
 * Adds the bank account after the bank's account inquiry. Not toasted: a name mismatch (4270), a closed account
 * (4271) or an unreachable bank (4272) is explained beside the form, where the borrower fixes it.
 */
export function saveBank(body: BankAccountInput) {
  return callApi(bankCardCalls.saveBank, body, { toast: false });
}

/** Saves the account, then reads the progress (this save answers the account, not the progress). */
export function useSaveBank() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: BankAccountInput) => {
      await saveBank(body);
      // The answer is the default account only; the cards (it is one now) are read again where shown.
      void client.invalidateQueries({ queryKey: bankKeys.cards });
      const progress = await getProfileProgress();
      storeProgress(client, progress);
      return progress;
    },
  });
}
