import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { getToken, onSessionChange } from './auth-session.ts';

/** Two more tries after a failure: on slow mobile data a dropped connection is common and usually brief. */
export const MAX_RETRIES = 2;

/**
 * Only failures that another try may cure are retried: no connection, a broken gateway (both 'network') and the
 * server's own failures (envelope codes 5xxx). A business answer (4xxx: wrong code, limits, a lost session) would
 * only repeat itself, and a time-out has already made the borrower wait the spec's 120 s, so it is not retried.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || !(error instanceof ApiError)) return false;
  return error.kind === 'network' || (error.kind === 'server' && error.code >= 5000);
}

/**
 * How long a page whose data must be current still takes an answer without asking again: the one its route fetched
 * while the page's chunk was on its way (app/route-data.ts). With 0, the page would ask a second time as it mounts.
 */
export const JUST_FETCHED_MS = 5_000;

/** For the `enabled` option of calls that need a session: read when the query runs, not when it rendered. */
export const hasSession = (): boolean => getToken() !== null;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // A minute of reuse: moving between pages does not ask again over a slow connection; screens that must be
        // current (auditing countdown, payment status) poll with their own refetchInterval.
        staleTime: 60_000,
        // Coming back to the tab would refetch every page's data at once over mobile data, for answers that
        // rarely change within minutes.
        refetchOnWindowFocus: false,
        // navigator.onLine is unreliable in Android WebViews; the api client's API ERROR toast is what the spec
        // wants on a failed call, not a request paused silently.
        networkMode: 'always',
      },
      // A repeated login or password change could spend an SMS code twice: mutations are never retried.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * Cached answers belong to the session that asked for them: a login, a bare /index token, a logout or a lost
 * session drops them all (a refresh keeps them). Mounted queries load again for the new session, an answer still
 * in flight for the old one is discarded, and calls that need a session stay idle once it is gone.
 */
export function resetOnSessionChange(client: QueryClient): () => void {
  return onSessionChange(() => void client.resetQueries());
}
