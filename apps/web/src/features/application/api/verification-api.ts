import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsCodeQuery } from '@kaskita/domain/contract/auth';
import { verificationCalls, type WhatsappConfirmBody } from '@kaskita/domain/contract/verification';
import { callApi } from '../../../lib/api-client.ts';
import { hasSession } from '../../../lib/query-client.ts';
import { applicationKeys, invalidate, userKeys } from '../../../lib/query-keys.ts';

/** WhatsApp and face checks, and whether the application can be submitted now. */
export function useVerification() {
  return useQuery(
    queryOptions({
      queryKey: applicationKeys.verification,
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
  return callApi(verificationCalls.confirmWhatsapp, body, { toast: false });
}

/** A confirmed number changes the checklist and the status's whatsapp_status. */
export function useConfirmWhatsapp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmWhatsapp,
    onSuccess: () => invalidate(client, [applicationKeys.verification, userKeys.status]),
  });
}

/** The multipart field the server reads the selfie from. */
export const SELFIE_FIELD = 'selfie';

/** Uploads a selfie to compare with the KTP photo. Errors are shown by the page, not toasted. */
export function checkFace(photo: Blob, fileName = 'selfie.jpg') {
  const formData = new FormData();
  formData.append(SELFIE_FIELD, photo, fileName);
  return callApi(verificationCalls.checkFace, undefined, { formData, toast: false });
}

/** Every check, passed or not, changes the checklist (the face's status, the tries left). */
export function useCheckFace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (photo: Blob) => checkFace(photo),
    onSuccess: () => invalidate(client, [applicationKeys.verification]),
  });
}
