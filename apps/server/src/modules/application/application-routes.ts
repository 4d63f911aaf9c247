import type { FastifyInstance } from 'fastify';
import { applicationCalls } from '@kaskita/domain/contract/application';
import { parseCoordinates } from '@kaskita/domain/validation/location';
import { registerCall } from '../../http/register-call.ts';
import type { ApplicationService } from './application-service.ts';

/** The application calls (contract/application.ts): every one acts on the session's own borrower. */
export function applicationRoutes(app: FastifyInstance, { service }: { service: ApplicationService }): void {
  registerCall(app, applicationCalls.submitApplication, ({ session, request }) =>
    service.submit(
      session.userId,
      parseCoordinates(request.ctx.headers.lon, request.ctx.headers.lat),
      request.ctx.locale,
    ),
  );
  registerCall(app, applicationCalls.getCreditCountdown, ({ session }) => service.countdown(session.userId));
  registerCall(app, applicationCalls.getApplication, ({ session, request }) =>
    service.view(session.userId, request.ctx.locale),
  );
  registerCall(app, applicationCalls.getLimitAmount, ({ session }) => service.limit(session.userId));
  registerCall(app, applicationCalls.sendFeedback, ({ session, body, request }) =>
    service.feedback(session.userId, body.content, request.ctx.locale, body.kind),
  );
}
