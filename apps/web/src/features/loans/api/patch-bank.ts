import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BankPatchBody } from '@kaskita/domain/contract/loans';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { bankKeys, invalidate, loanKeys, repaymentKeys, userKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const patchBankCall = lazyCall('patchBank', () =>
  import('@kaskita/domain/contract/loans').then((m) => m.loanCalls),
);

/**
 * A failed disbursement sent again: to a corrected account (`bank`, `card_num`, `name`, checked with the bank) or a
 * saved card (`id`). `toast: false` when the page explains the bank's refusals itself (the add-bank form).
 */
export function patchBank(body: BankPatchBody, { toast = true }: { toast?: boolean } = {}) {
  return callApi(patchBankCall, body, { toast });
}

export function usePatchBank({ toast = true }: { toast?: boolean } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BankPatchBody) => patchBank(body, { toast }),
    // The order is on its way again (the status, the order, its history), perhaps to a card this call saved.
    onSuccess: () =>
      invalidate(client, [userKeys.status, loanKeys.currentOrder, repaymentKeys.all, bankKeys.cards]),
  });
}
