import { useQuery } from '@tanstack/react-query';
import { collectionLogCalls } from '@kaskita/domain/contract/collection-log';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

/** GET /v1/order/collection_contacts: every contact our collectors recorded about one of the borrower's loans. */
export function useCollectionLog(orderId: string) {
  return useQuery({
    queryKey: [...repaymentKeys.collectionLog, orderId],
    queryFn: ({ signal }) =>
      callApi(collectionLogCalls.getCollectionLog, { order_id: orderId }, { signal, silent: true }),
    enabled: hasSession,
  });
}
