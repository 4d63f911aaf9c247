import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { lazyCall } from '../../../lib/api-call.ts';

// The download page is public and gated by Lighthouse: its call's schema loads with the request.
const call = lazyCall('getAppDownloadUrl', () =>
  import('@kaskita/domain/contract/commerce').then((m) => m.commerceCalls),
);

/**
 * GET /v1/commerce/app_download_url (spec section 7): the app's store links by SMS to a phone. Not toasted: a wrong
 * phone is said under the field, a limit in a banner that stays.
 */
export function sendDownloadLink(phone: string) {
  return callApi(call, { phone }, { toast: false });
}

export const useSendDownloadLink = () => useMutation({ mutationFn: sendDownloadLink });
