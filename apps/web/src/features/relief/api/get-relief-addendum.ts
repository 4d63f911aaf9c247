import { queryOptions, useQuery } from '@tanstack/react-query';
import { reliefCalls } from '@kaskita/domain/contract/relief';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { reliefKeys } from '../relief-keys.ts';

/**
 * GET /v1/relief/:id/addendum: an offer's preview, or the copy signed on acceptance; with `pdf`, its PDF (base64), asked
 * for only when the borrower downloads it. The text is both languages in one document, so the key has no locale.
 */
export function getReliefAddendum(
  id: string,
  pdf: boolean,
  { signal, toast = true }: { signal?: AbortSignal; toast?: boolean } = {},
) {
  return callApi(reliefCalls.getReliefAddendum, pdf ? { pdf: '1' } : {}, { params: { id }, signal, toast });
}

/** Fetched once the borrower opens it (`enabled`): most read the offer's dates first. */
export function useReliefAddendum(id: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...reliefKeys.addendum, id],
      queryFn: ({ signal }) => getReliefAddendum(id, false, { signal }),
      enabled: () => enabled && hasSession(),
    }),
  );
}
