import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SmsCodeQuery } from '@kaskita/domain/contract/auth';
import { verificationCalls, type WhatsappConfirmBody } from '@kaskita/domain/contract/verification';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';

export const verificationQueryKey = ['application', 'verification'] as const;

/** WhatsApp and face checks, and whether the application can be submitted now. */
export function useVerification() {
  return useQuery(
    queryOptions({
      queryKey: verificationQueryKey,
      queryFn: ({ signal }) => callApi(verificationCalls.getVerification, undefined, { signal }),
      enabled: hasSession,
      staleTime: 0,
    }),
  );
}

/** Sends a code to a WhatsApp number; answers captcha=1 when an image captcha must be solved first. */
export function sendWhatsappCode(query: SmsCodeQuery) {
  return callApi(verificationCalls.sendWhatsappCode, query);
}

export function confirmWhatsapp(body: WhatsappConfirmBody) {
  return callApi(verificationCalls.confirmWhatsapp, body);
}

/** The multipart field the server reads the selfie from. */
export const SELFIE_FIELD = 'selfie';

/** Uploads a selfie to compare with the KTP photo. Errors are shown by the page, not toasted. */
export function checkFace(photo: Blob, fileName = 'selfie.jpg') {
  const formData = new FormData();
  formData.append(SELFIE_FIELD, photo, fileName);
  return callApi(verificationCalls.checkFace, undefined, { formData, toast: false });
}
