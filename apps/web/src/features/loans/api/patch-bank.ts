import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loanCalls, type BankPatchBody } from '@kaskita/domain/contract/loans';
import { callApi } from '../../../lib/api-client.ts';
import { bankCardsQueryKey } from './get-bank-cards.ts';
import { currentOrderQueryKey } from './get-current-order.ts';

/**
 * A failed disbursement sent again: to a corrected account (`bank`, `card_num`, `name`, checked with the bank) or a
 * saved card (`id`). `toast: false` when the page explains the bank's refusals itself (the add-bank form).
 */
export function patchBank(body: BankPatchBody, { toast = true }: { toast?: boolean } = {}) {
  return callApi(loanCalls.patchBank, body, { toast });
}

export function usePatchBank({ toast = true }: { toast?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BankPatchBody) => patchBank(body, { toast }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['user', 'status'] }),
        client.invalidateQueries({ queryKey: currentOrderQueryKey }),
        client.invalidateQueries({ queryKey: bankCardsQueryKey }),
      ]);
    },
  });
}
