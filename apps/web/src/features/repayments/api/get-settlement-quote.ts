import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { repaymentKeys } from '../../../lib/query-keys.ts';

// The contract's schema is fetched with the request, so this module brings no zod into its pages' chunks.
const getSettlementQuoteCall = lazyCall('getSettlementQuote', () =>
  import('@kaskita/domain/contract/repayments').then((m) => m.repaymentCalls),
);

/**
 * GET /v1/order/settlement_quote?date=: what closing the whole loan costs on `date` (today when absent) and what it
 * saves against the schedule. 4310 (no loan) is the page's to explain, so it is not toasted.
 */
export function getSettlementQuote(date: string | null, { signal }: { signal?: AbortSignal } = {}) {
  return callApi(getSettlementQuoteCall, date ? { date } : {}, { signal, toast: false });
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
