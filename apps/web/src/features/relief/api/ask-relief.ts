import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@kaskita/domain/contract/define-call';
import { reliefCalls } from '@kaskita/domain/contract/relief';
import { callApi } from '../../../lib/api-client.ts';
import { reliefKeys } from '../relief-keys.ts';

export type AskReliefInput = CallInput<typeof reliefCalls.askRelief>;

/** POST /v1/relief. Not toasted: field errors go under their fields, other refusals in the form's banner. */
export function askRelief(body: AskReliefInput) {
  return callApi(reliefCalls.askRelief, body, { toast: false });
}

export function useAskRelief() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: askRelief,
    // Asked or refused (a request opened meanwhile, relief already given), whether they may ask has changed.
    onSettled: () => client.invalidateQueries({ queryKey: reliefKeys.all }),
  });
}
