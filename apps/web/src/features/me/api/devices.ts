import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deviceCalls } from '@kaskita/domain/contract/devices';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { deviceKeys } from '../../../lib/query-keys.ts';

/** The devices signed in to the account, this one first (the devices page's own chunk carries the contract). */
export function useDevices() {
  return useQuery({
    queryKey: deviceKeys.mine,
    queryFn: ({ signal }) => callApi(deviceCalls.listDevices, undefined, { signal }),
    enabled: hasSession,
    staleTime: 0,
  });
}

/** Signs one device out (its id), or every other one (null); the list is read again after. */
export function useSignOutDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string | null) =>
      deviceId
        ? callApi(deviceCalls.signOutDevice, { device_id: deviceId })
        : callApi(deviceCalls.signOutOtherDevices, undefined),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.mine }),
  });
}
