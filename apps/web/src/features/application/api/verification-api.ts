import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsCodeQuery } from '@kaskita/domain/contract/auth';
import {
  LIVE_FRAME_FIELDS,
  verificationCalls,
  type WhatsappConfirmBody,
} from '@kaskita/domain/contract/verification';
import type { LivenessFrames } from '@kaskita/domain/verification/liveness';
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

/** The action the live check asks for; 4287 when the server runs none (the page offers the single selfie). */
export function livenessChallenge() {
  return callApi(verificationCalls.livenessChallenge, undefined, { toast: false });
}

/** What the face check sends: a live check's challenge and three frames, or a single selfie (the fallback). */
export type FaceSubmission =
  { kind: 'live'; challengeId: string; frames: LivenessFrames<Blob> } | { kind: 'selfie'; photo: Blob };

/** Uploads the frames or the selfie to compare with the KTP photo. Errors are shown by the page, not toasted. */
export function checkFace(submission: FaceSubmission) {
  const formData = new FormData();
  if (submission.kind === 'selfie') {
    formData.append(LIVE_FRAME_FIELDS.start, submission.photo, 'selfie.jpg');
    return callApi(verificationCalls.checkFace, {}, { formData, toast: false });
  }
  for (const frame of ['start', 'action', 'end'] as const)
    formData.append(LIVE_FRAME_FIELDS[frame], submission.frames[frame], `${frame}.jpg`);
  return callApi(
    verificationCalls.checkFace,
    { challenge_id: submission.challengeId },
    { formData, toast: false },
  );
}

/** Every check, passed or not, changes the checklist (the face's status, the tries left). */
export function useCheckFace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: checkFace,
    onSuccess: () => invalidate(client, [applicationKeys.verification]),
  });
}
