import { queryOptions, useQuery } from '@tanstack/react-query';
import { repaymentCalls } from '@kaskita/domain/contract/repayments';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

/** GET /v1/order/loan_records: every loan of the borrower, newest first, each in its history group. */
export function getLoanRecords({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(repaymentCalls.getLoanRecords, undefined, { signal });
}

export function loanRecordsQueryOptions() {
  return queryOptions({
    queryKey: repaymentKeys.loanRecords,
    queryFn: getLoanRecords,
    enabled: hasSession,
    staleTime: 0,
  });
}

export function useLoanRecords() {
  return useQuery(loanRecordsQueryOptions());
}
