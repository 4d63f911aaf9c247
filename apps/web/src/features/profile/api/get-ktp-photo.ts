import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { profileKeys } from '../../../lib/query-keys.ts';

/** The borrower's own stored KTP photo as a data URL, to show it again after a reload. */
export async function getKtpPhoto({ signal }: { signal?: AbortSignal } = {}): Promise<string> {
  const photo = await callApi(profileCalls.getKtpPhoto, undefined, { signal, toast: false });
  return `data:${photo.content_type};base64,${photo.data}`;
}

/** An identity document: kept in memory only while the page shows it, never reused from a cache. */
export function ktpPhotoQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: profileKeys.ktpPhoto,
    queryFn: getKtpPhoto,
    enabled: () => enabled && hasSession(),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useKtpPhoto(enabled: boolean) {
  return useQuery(ktpPhotoQueryOptions(enabled));
}
