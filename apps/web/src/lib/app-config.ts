// Type only: the contract's zod schema must stay out of the first paint (it is loaded with the request).
import type { AppConfig } from '@kaskita/domain/contract/config';
import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { callApi } from './api-client.ts';
import { lazyCall } from './api-call.ts';
import { appKeys } from './query-keys.ts';
import { LOCAL_KEYS } from './storage-keys.ts';
import { local } from './storage.ts';

export type { AppConfig };

const configCall = lazyCall('getConfig', () =>
  import('@kaskita/domain/contract/config').then((m) => m.configCalls),
);

/** The configuration kept from an earlier visit, shown at once while a fresh copy loads. */
function storedConfig(): AppConfig | undefined {
  const raw = local.get(LOCAL_KEYS.appConfig);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as AppConfig;
  } catch {
    return undefined;
  }
}

/**
 * GET /v1/config (spec section 3: fetched once, stored): support contacts, store and partner links, the lender's
 * identity and the platform figures. Silent: a footer never toasts API ERROR; it shows what it had, or nothing.
 */
export async function getAppConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AppConfig> {
  const config = await callApi(configCall, undefined, { silent: true, signal });
  local.set(LOCAL_KEYS.appConfig, JSON.stringify(config));
  return config;
}

export function appConfigQueryOptions() {
  return queryOptions({
    queryKey: appKeys.config,
    queryFn: getAppConfig,
    // Fetched once per visit; the stored copy paints first, and is refreshed in the background.
    staleTime: Infinity,
    initialData: storedConfig,
    initialDataUpdatedAt: 0,
  });
}

const noSubscription = () => () => undefined;

/**
 * The configuration, or nothing while React hydrates a prerendered page: that HTML was rendered at build time with no
 * configuration, and the stored copy of a returning visitor would differ from it (React error 418, and the whole page
 * rendered again). The stored copy shows in the render right after hydration.
 */
export function useAppConfig(): Pick<UseQueryResult<AppConfig>, 'isError'> & { data: AppConfig | undefined } {
  const query = useQuery(appConfigQueryOptions());
  // The server snapshot is what a hydration render reads; every other render reads the client's.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return { data: hydrated ? query.data : undefined, isError: query.isError };
}
