import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  COMPLAINT_PHOTO_FIELD,
  complaintCalls,
  type complaintFormSchema,
} from '@kaskita/domain/contract/complaints';
import { callApi } from '../../../lib/api-client.ts';
import { complaintKeys } from '../../../lib/query-keys.ts';

export type ComplaintInput = z.output<typeof complaintFormSchema> & {
  /** A photo or screenshot, already shrunk (lib/shrink-photo.ts). */
  photo: Blob | null;
};

/**
 * POST /v1/complaints as a multipart form (the photo is a file). Not toasted by the api client: field errors go under
 * their fields and a refused photo under the photo, so the form says what to change.
 */
export function fileComplaint({ photo, ...form }: ComplaintInput) {
  const formData = new FormData();
  if (photo) formData.append(COMPLAINT_PHOTO_FIELD, photo, 'photo.jpg');
  return callApi(
    complaintCalls.fileComplaint,
    {
      category: form.category,
      text: form.text,
      order_id: form.order_id,
      payment_id: form.payment_id,
      contact_id: form.contact_id,
    },
    { formData, toast: false },
  );
}

export function useFileComplaint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fileComplaint,
    onSuccess: () => client.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}
