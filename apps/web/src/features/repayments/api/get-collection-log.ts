import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const getCollectionLogCall = lazyCall('getCollectionLog', () =>
  import('@kaskita/domain/contract/collection-log').then((m) => m.collectionLogCalls),
);

/** GET /v1/order/collection_contacts: every contact our collectors recorded about one of the borrower's loans. */
export function useCollectionLog(orderId: string) {
  return useQuery({
    queryKey: [...repaymentKeys.collectionLog, orderId],
    queryFn: ({ signal }) => callApi(getCollectionLogCall, { order_id: orderId }, { signal, silent: true }),
    enabled: hasSession,
  });
}
