import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileCalls } from '@kaskita/domain/contract/profile';
import { callApi } from '../../../lib/api-client.ts';
import { invalidate, profileKeys } from '../../../lib/query-keys.ts';

/** The multipart field the server reads the photo from (spec section 7: Form POST /v1/user/ocr_check, id_card). */
export const KTP_PHOTO_FIELD = 'id_card';

/**
 * Uploads the KTP photo, which the server stores and reads. Not toasted: a failed read never blocks, so the page
 * says so beside the form and lets the borrower type.
 */
export function ocrCheck(photo: Blob, fileName = 'ktp.jpg') {
  const formData = new FormData();
  formData.append(KTP_PHOTO_FIELD, photo, fileName);
  return callApi(profileCalls.ocrCheck, undefined, { formData, toast: false });
}

export function useOcrCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ photo, fileName }: { photo: Blob; fileName?: string }) => ocrCheck(photo, fileName),
    // The stored photo is the new one, and the base profile now says there is one.
    onSuccess: () => invalidate(client, [profileKeys.ktpPhoto, profileKeys.base]),
  });
}
