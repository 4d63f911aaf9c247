// Type only: the contract's zod schema must stay out of the landing page's first paint.
import type { LandingExample } from '@kaskita/domain/contract/landing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

export type { LandingExample };

const NUMBER_FIELDS = [
  'amount',
  'tenor_months',
  'instalments',
  'total_interest_and_fees',
  'instalment',
  'total_repayment',
  'amount_received',
  'min_amount',
  'max_amount',
  'max_tenor_months',
  'origination_fee_fixed',
] as const satisfies readonly (keyof LandingExample)[];

const PERCENT_FIELDS = [
  'daily_interest_percent',
  'daily_service_fee_percent',
  'daily_late_fee_percent',
  'daily_cost_percent',
  'origination_fee_percent',
] as const satisfies readonly (keyof LandingExample)[];

/** A light shape check instead of landingExampleSchema.parse (which would pull zod into the first paint). */
export function isLandingExample(v: unknown): v is LandingExample {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    NUMBER_FIELDS.every((k) => Number.isFinite(o[k])) &&
    typeof o.product_name === 'string' &&
    PERCENT_FIELDS.every((k) => typeof o[k] === 'string')
  );
}

/**
 * GET /v1/landing/example (contract/landing.ts). Null when there is no active product, the call fails or the
 * answer is not an example: the page then shows "not available", silently (the example is optional, so a
 * landing visit never toasts API ERROR because of it).
 */
export async function getLandingExample({
  signal,
}: { signal?: AbortSignal } = {}): Promise<LandingExample | null> {
  try {
    const data = await apiGet<unknown>('/v1/landing/example', undefined, { silent: true, signal });
    return isLandingExample(data) ? data : null;
  } catch {
    return null;
  }
}

export function landingExampleQueryOptions() {
  return queryOptions({ queryKey: ['landing', 'example'], queryFn: getLandingExample });
}

export function useLandingExample() {
  return useQuery(landingExampleQueryOptions());
}
