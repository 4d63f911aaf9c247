import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { repaymentCalls } from '@kaskita/domain/contract/repayments';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

/**
 * GET /v1/order/settlement_quote?date=: what closing the whole loan costs on `date` (today when absent) and what it
 * saves against the schedule. 4310 (no loan) is the page's to explain, so it is not toasted.
 */
export function getSettlementQuote(date: string | null, { signal }: { signal?: AbortSignal } = {}) {
  return callApi(repaymentCalls.getSettlementQuote, date ? { date } : {}, { signal, toast: false });
}

export function settlementQuoteQueryOptions(date: string | null) {
  return queryOptions({
    queryKey: [...repaymentKeys.settlement, date ?? 'today'],
    queryFn: ({ signal }) => getSettlementQuote(date, { signal }),
    enabled: hasSession,
    staleTime: 0,
  });
}

/** The quote of a day; while another day's loads, the last one stays on screen. */
export function useSettlementQuote(date: string | null) {
  return useQuery({ ...settlementQuoteQueryOptions(date), placeholderData: keepPreviousData });
}
