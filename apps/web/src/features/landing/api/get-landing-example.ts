import { apiGet } from '../../../lib/api-client.ts';
import { useQuery, type QueryOptions } from '../../../lib/query.ts';

/**
 * GET /v1/landing/example: the loan example computed by the loan engine from the active product.
 * Shape agreed with the API lead; it is not in packages/domain/src/contract yet (requested), so it is
 * declared here and must move to the contract once added.
 */
export type LandingExample = {
  amount: number;
  tenor_months: number;
  total_interest_and_fees: number;
  instalment: number;
  total_repayment: number;
  product_name: string;
};

function isLandingExample(v: unknown): v is LandingExample {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    ['amount', 'tenor_months', 'total_interest_and_fees', 'instalment', 'total_repayment'].every((k) => Number.isFinite(o[k])) &&
    typeof o.product_name === 'string'
  );
}

/** Null when there is no active product (or the answer is not an example): the page then shows "not available". */
export async function getLandingExample(): Promise<LandingExample | null> {
  const data = await apiGet<unknown>('/v1/landing/example', undefined, { toast: false });
  return isLandingExample(data) ? data : null;
}

export function landingExampleQuery(): QueryOptions<LandingExample | null> {
  return { key: ['landing', 'example'], fn: getLandingExample };
}

export function useLandingExample() {
  return useQuery(landingExampleQuery());
}
