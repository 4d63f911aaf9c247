import type { FastifyInstance } from 'fastify';
import { adminCorrectionCalls } from '@kaskita/domain/contract/admin-corrections';
import { myDataCalls } from '@kaskita/domain/contract/my-data';
import { staffActor } from '../../commands/staff-actor.ts';
import { registerCall } from '../../http/register-call.ts';
import type { AccountClosureService } from './account-closure-service.ts';
import type { ConsentsService } from './consents-service.ts';
import type { CorrectionsService } from './corrections-service.ts';
import type { MyDataExportService } from './my-data-export-service.ts';

export interface PersonalDataRoutesDependencies {
  exports: MyDataExportService;
  consents: ConsentsService;
  corrections: CorrectionsService;
  closures: AccountClosureService;
}

/** Me > My data (contract/my-data.ts) and the back office's correction requests (contract/admin-corrections.ts). */
export function personalDataRoutes(
  app: FastifyInstance,
  { exports, consents, corrections, closures }: PersonalDataRoutesDependencies,
): void {
  // Copies of personal data are never cached on the way (a shared proxy, the browser's disk).
  registerCall(app, myDataCalls.getMyData, ({ session, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return exports.json(session.userId, request.ctx.network);
  });
  registerCall(app, myDataCalls.getMyDataPdf, ({ session, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return exports.pdf(session.userId, request.ctx.locale, request.ctx.network);
  });
  registerCall(app, myDataCalls.getMyDataImages, ({ session, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return exports.images(session.userId, request.ctx.network);
  });

  registerCall(app, myDataCalls.listConsents, ({ session, request }) =>
    consents.list(session.userId, request.ctx.locale),
  );
  registerCall(app, myDataCalls.withdrawConsent, ({ session, body, request }) =>
    consents.withdraw(session.userId, body.kind, request.ctx.locale, request.ctx.network),
  );
  registerCall(app, myDataCalls.restoreConsent, async ({ session, request }) => {
    await consents.restorePrivacy(session.userId, request.ip, request.ctx.network);
    return null;
  });

  registerCall(app, myDataCalls.listCorrections, ({ session }) => corrections.list(session.userId));
  registerCall(app, myDataCalls.requestCorrection, ({ session, body }) =>
    corrections.request(session.userId, body),
  );

  registerCall(app, myDataCalls.getAccountDeletion, ({ session, request }) =>
    closures.preview(session.userId, request.ctx.locale),
  );
  registerCall(app, myDataCalls.deleteAccount, ({ session, request }) =>
    closures.close(session.userId, request.ctx.locale, request.ctx.network),
  );

  registerCall(app, adminCorrectionCalls.listCorrectionRequests, ({ query }) => corrections.page(query));
  registerCall(app, adminCorrectionCalls.approveCorrection, ({ staff, params, body }) =>
    corrections.approve(staffActor(staff), params.id, body.reason),
  );
  registerCall(app, adminCorrectionCalls.refuseCorrection, ({ staff, params, body }) =>
    corrections.refuse(staffActor(staff), params.id, body.reason),
  );
}
