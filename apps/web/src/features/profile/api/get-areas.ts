import { queryOptions, useQuery } from '@tanstack/react-query';
import { areasSchema, regionCalls, type Area } from '@kaskita/domain/contract/regions';
import { callApi } from '../../../lib/api-client.ts';
import { regionKeys } from '../../../lib/query-keys.ts';
import { SESSION_KEYS } from '../../../lib/storage-keys.ts';
import { session } from '../../../lib/storage.ts';

export type { Area };

const storageKey = (pid: string) => `${SESSION_KEYS.regionAreas}:${pid}` as const;

/**
 * A level kept from an earlier answer in this tab (the spec: regions are "cached in session"), or undefined. Read
 * through the contract's schema: storage is the user's to edit, and an older app version may have written it.
 */
export function storedAreas(pid: string): Area[] | undefined {
  const raw = session.get(storageKey(pid));
  if (raw === null) return undefined;
  try {
    const parsed = areasSchema.safeParse({ list: JSON.parse(raw) });
    return parsed.success ? parsed.data.list : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The regions under `pid` ('' for the provinces), in name order. Silent: the picker shows a failure in place, with a
 * retry, rather than a toast over the sheet.
 */
export async function getAreas(pid: string, { signal }: { signal?: AbortSignal } = {}): Promise<Area[]> {
  const { list } = await callApi(regionCalls.getAreas, { pid }, { silent: true, signal });
  session.set(storageKey(pid), JSON.stringify(list));
  return list;
}

/** Regions do not change while the app runs: fetched once per pid, then from memory or the tab's session storage. */
export function areasQueryOptions(pid: string) {
  return queryOptions({
    queryKey: [...regionKeys.areas, pid],
    queryFn: ({ signal }) => getAreas(pid, { signal }),
    initialData: () => storedAreas(pid),
    staleTime: Infinity,
  });
}

export function useAreas(pid: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...areasQueryOptions(pid), enabled });
}
