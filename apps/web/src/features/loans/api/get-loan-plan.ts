import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { useLocale } from '../../../lib/i18n.ts';
import { hasSession, JUST_FETCHED_MS } from '../../../lib/query-client.ts';
import { loanKeys } from '../../../lib/query-keys.ts';

// A route's data prefetch imports this module (app/route-data.ts): without the contract's zod schemas in its chunk,
// the request leaves as soon as this small chunk arrives, and the schema is fetched beside it.
const planCall = lazyCall('getLoanPlan', () =>
  import('@kaskita/domain/contract/loans').then((m) => m.loanCalls),
);

/** What a plan is asked for: the product, the amount and the tenor's period key. */
export type PlanParams = { pid: string; money: number; period: string };

/** The engine's whole plan (every instalment, totals, amount received, caps, affordability). */
export function getLoanPlan(params: PlanParams, { signal }: { signal?: AbortSignal } = {}) {
  // Only the contract's fields: callers may hold more (the agreement's purpose_id).
  const { pid, money, period } = params;
  return callApi(planCall, { pid, money, period }, { signal });
}

export function loanPlanQueryOptions(params: PlanParams, locale: Locale) {
  return queryOptions({
    queryKey: [...loanKeys.plan, params.pid, params.money, params.period, locale],
    queryFn: ({ signal }) => getLoanPlan(params, { signal }),
    enabled: hasSession,
    staleTime: JUST_FETCHED_MS,
    placeholderData: keepPreviousData,
  });
}

export function useLoanPlan(params: PlanParams) {
  return useQuery(loanPlanQueryOptions(params, useLocale()));
}
