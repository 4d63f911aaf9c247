import { useMutation } from '@tanstack/react-query';
import { commerceCalls } from '@kaskita/domain/contract/commerce';
import { callApi } from '../../../lib/api-client.ts';

/**
 * GET /v1/commerce/app_download_url (spec section 7): the app's store links by SMS to a phone. Not toasted: a wrong
 * phone is said under the field, a limit in a banner that stays.
 */
export function sendDownloadLink(phone: string) {
  return callApi(commerceCalls.getAppDownloadUrl, { phone }, { toast: false });
}

export const useSendDownloadLink = () => useMutation({ mutationFn: sendDownloadLink });
