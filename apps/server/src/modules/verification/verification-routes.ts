import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIVE_FRAME_FIELDS, verificationCalls } from '@kaskita/domain/contract/verification';
import { AppError } from '../../http/app-error.ts';
import { formUploadIn } from '../../http/multipart-form.ts';
import { registerCall } from '../../http/register-call.ts';
import type { FaceSubmission, VerificationService } from './verification-service.ts';

/** POST /v1/user/face_check's file parts, read whole (multipart limits cap each at UPLOAD_LIMIT_BYTES). */
function faceSubmission(request: FastifyRequest, challengeId: string | undefined): FaceSubmission {
  const selfie = formUploadIn(request, LIVE_FRAME_FIELDS.start);
  if (!selfie) throw new AppError('VALIDATION', { fields: { selfie: 'selfie.required' } }, 'selfie.required');
  return {
    challengeId: challengeId ?? null,
    selfie,
    actionFrame: formUploadIn(request, LIVE_FRAME_FIELDS.action),
    endFrame: formUploadIn(request, LIVE_FRAME_FIELDS.end),
  };
}

/** WhatsApp and face checks (contract/verification.ts): every one acts on the session's own borrower. */
export function verificationRoutes(
  app: FastifyInstance,
  { service }: { service: VerificationService },
): void {
  registerCall(app, verificationCalls.getVerification, ({ session }) => service.state(session.userId));
  registerCall(app, verificationCalls.sendWhatsappCode, ({ session, body, request }) =>
    service.sendWhatsappCode(session.userId, body, { ip: request.ctx.ip, locale: request.ctx.locale }),
  );
  registerCall(app, verificationCalls.confirmWhatsapp, ({ session, body }) =>
    service.confirmWhatsapp(session.userId, body),
  );
  registerCall(app, verificationCalls.setReminderChannel, ({ session, body }) =>
    service.setReminderChannel(session.userId, body.channel),
  );
  registerCall(app, verificationCalls.livenessChallenge, ({ session }) =>
    service.livenessChallenge(session.userId),
  );
  registerCall(app, verificationCalls.checkFace, ({ session, request, body }) =>
    service.checkFace(session.userId, faceSubmission(request, body.challenge_id)),
  );
}
