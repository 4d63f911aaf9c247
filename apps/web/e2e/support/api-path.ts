import { API_PREFIX, ENDPOINT, fillPath, type CallId } from '@kaskita/domain/contract/endpoints';

/** A call's path on the server, with its parameters and query, from the contract (never written out in a test). */
export function apiPath(
  id: CallId,
  { params, query }: { params?: Record<string, string>; query?: Record<string, string> } = {},
): string {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${API_PREFIX}${fillPath(ENDPOINT[id].path, params)}${search}`;
}
