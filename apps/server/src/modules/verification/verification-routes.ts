import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verificationCalls } from '@kaskita/domain/contract/verification';
import { AppError } from '../../http/app-error.ts';
import { readFilePart } from '../../http/multipart-form.ts';
import { registerCall } from '../../http/register-call.ts';
import type { VerificationService } from './verification-service.ts';

/** The one file part of POST /v1/user/face_check, read whole (multipart limits cap it at UPLOAD_LIMIT_BYTES). */
function selfieUpload(request: FastifyRequest) {
  const missing = new AppError('VALIDATION', { fields: { selfie: 'selfie.required' } }, 'selfie.required');
  return readFilePart(request, 'selfie', missing);
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
  registerCall(app, verificationCalls.checkFace, async ({ session, request }) =>
    service.checkFace(session.userId, await selfieUpload(request)),
  );
}
