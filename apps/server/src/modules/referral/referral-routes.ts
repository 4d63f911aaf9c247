import type { FastifyInstance } from 'fastify';
import { referralCalls } from '@kaskita/domain/contract/referral';
import { registerCall } from '../../http/register-call.ts';
import type { ReferralService } from './referral-service.ts';

/** GET /v1/referral (contract/referral.ts). */
export function referralRoutes(app: FastifyInstance, service: ReferralService): void {
  registerCall(app, referralCalls.getReferral, ({ session, request }) =>
    service.mine(session.userId, request.ctx.locale),
  );
}
