import type { FastifyInstance, FastifyRequest } from 'fastify';
import { profileCalls } from '@kaskita/domain/contract/profile';
import { AppError } from '../../http/app-error.ts';
import { readFilePart } from '../../http/multipart-form.ts';
import { registerCall } from '../../http/register-call.ts';
import type { ProfileModule } from './profile-module.ts';

/** The one file part of POST /v1/user/ocr_check, read whole (multipart limits cap it at UPLOAD_LIMIT_BYTES). */
function idCardUpload(request: FastifyRequest) {
  const missing = new AppError('VALIDATION', { fields: { id_card: 'id_card.required' } }, 'id_card.required');
  return readFilePart(request, 'id_card', missing);
}

/** Onboarding calls (contract/profile.ts): every one acts on the session's own borrower. */
export function profileRoutes(
  app: FastifyInstance,
  { service, ktp, personalInfo, jobInfo, contacts, drafts }: ProfileModule,
): void {
  registerCall(app, profileCalls.getProfileProgress, ({ session }) => service.progress(session.userId));
  registerCall(app, profileCalls.ocrCheck, async ({ session, request }) =>
    ktp.uploadKtp(session.userId, request.ctx.network, await idCardUpload(request)),
  );
  registerCall(app, profileCalls.getKtpPhoto, ({ session }) => ktp.ktpPhoto(session.userId));
  registerCall(app, profileCalls.saveKtp, ({ session, body }) => ktp.saveKtp(session.userId, body));
  registerCall(app, profileCalls.getBaseProfile, ({ session }) => personalInfo.baseProfile(session.userId));
  registerCall(app, profileCalls.saveBaseProfile, ({ session, body }) =>
    personalInfo.saveBase(session.userId, body),
  );
  registerCall(app, profileCalls.saveOtherInfo, ({ session, body }) =>
    personalInfo.saveOtherInfo(session.userId, body),
  );
  registerCall(app, profileCalls.getWork, ({ session }) => jobInfo.work(session.userId));
  registerCall(app, profileCalls.getWorkV1, ({ session }) => jobInfo.work(session.userId));
  registerCall(app, profileCalls.saveJob, ({ session, body }) => jobInfo.saveJob(session.userId, body));
  registerCall(app, profileCalls.saveCompany, ({ session, body }) =>
    jobInfo.saveCompany(session.userId, body),
  );
  registerCall(app, profileCalls.getSocial, ({ session }) => contacts.social(session.userId));
  registerCall(app, profileCalls.saveSocial, ({ session, body, request }) =>
    contacts.saveSocial(session.userId, body, request.ctx.ip),
  );
  registerCall(app, profileCalls.getProfileDraft, ({ session, query }) =>
    drafts.draft(session.userId, query.step),
  );
  registerCall(app, profileCalls.saveProfileDraft, ({ session, body }) => drafts.save(session.userId, body));
  registerCall(app, profileCalls.getUserInfo, ({ session }) => service.userInfo(session.userId));
}
