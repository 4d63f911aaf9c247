// Type only: the contract's zod schema must stay out of the landing page's first paint.
import type { LandingExample } from '@kaskita/domain/contract/landing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';
import { landingKeys } from '../../../lib/query-keys.ts';

export type { LandingExample };

// The landing page is a first paint: its answer's schema (and zod) is loaded with the request, not before it.
const landingExampleCall = lazyCall('getLandingExample', () =>
  import('@kaskita/domain/contract/landing').then((m) => m.landingCalls),
);

/**
 * The loan example, or null when there is no active product, the call fails or the answer is not an example: the
 * page then shows "not available", silently (the example is optional, so a landing visit never toasts API ERROR
 * because of it).
 */
export async function getLandingExample({
  signal,
}: { signal?: AbortSignal } = {}): Promise<LandingExample | null> {
  try {
    return await callApi(landingExampleCall, undefined, { silent: true, signal });
  } catch {
    return null;
  }
}

export function landingExampleQueryOptions() {
  return queryOptions({ queryKey: landingKeys.example, queryFn: getLandingExample });
}

export function useLandingExample() {
  return useQuery(landingExampleQueryOptions());
}
