import type { FastifyInstance, FastifyRequest } from 'fastify';
import { profileCalls } from '@kaskita/domain/contract/profile';
import { AppError } from '../../http/app-error.ts';
import { readFilePart } from '../../http/multipart-form.ts';
import { registerCall } from '../../http/register-call.ts';
import type { BankCardsService } from './bank-cards-service.ts';
import type { ProfileService } from './profile-service.ts';

/** The one file part of POST /v1/user/ocr_check, read whole (multipart limits cap it at UPLOAD_LIMIT_BYTES). */
function idCardUpload(request: FastifyRequest) {
  const missing = new AppError('VALIDATION', { fields: { id_card: 'id_card.required' } }, 'id_card.required');
  return readFilePart(request, 'id_card', missing);
}

/** Onboarding calls (contract/profile.ts): every one acts on the session's own borrower. */
export function profileRoutes(
  app: FastifyInstance,
  { service, cards }: { service: ProfileService; cards: BankCardsService },
): void {
  registerCall(app, profileCalls.getProfileProgress, ({ session }) => service.progress(session.userId));
  registerCall(app, profileCalls.ocrCheck, async ({ session, request }) =>
    service.uploadKtp(session.userId, await idCardUpload(request)),
  );
  registerCall(app, profileCalls.getKtpPhoto, ({ session }) => service.ktpPhoto(session.userId));
  registerCall(app, profileCalls.saveKtp, ({ session, body }) => service.saveKtp(session.userId, body));
  registerCall(app, profileCalls.getBaseProfile, ({ session }) => service.baseProfile(session.userId));
  registerCall(app, profileCalls.saveBaseProfile, ({ session, body }) =>
    service.saveBase(session.userId, body),
  );
  registerCall(app, profileCalls.saveOtherInfo, ({ session, body }) =>
    service.saveOtherInfo(session.userId, body),
  );
  registerCall(app, profileCalls.getWork, ({ session }) => service.work(session.userId));
  registerCall(app, profileCalls.getWorkV1, ({ session }) => service.work(session.userId));
  registerCall(app, profileCalls.saveJob, ({ session, body }) => service.saveJob(session.userId, body));
  registerCall(app, profileCalls.saveCompany, ({ session, body }) =>
    service.saveCompany(session.userId, body),
  );
  registerCall(app, profileCalls.getSocial, ({ session }) => service.social(session.userId));
  registerCall(app, profileCalls.saveSocial, ({ session, body, request }) =>
    service.saveSocial(session.userId, body, request.ctx.ip),
  );
  registerCall(app, profileCalls.getBankList, async () => service.bankList());
  registerCall(app, profileCalls.getBank, ({ session }) => cards.list(session.userId));
  registerCall(app, profileCalls.saveBank, ({ session, body }) => service.saveBank(session.userId, body));
  registerCall(app, profileCalls.getUserInfo, ({ session }) => service.userInfo(session.userId));
}
