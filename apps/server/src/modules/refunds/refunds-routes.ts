import type { FastifyInstance } from 'fastify';
import { refundCalls } from '@kaskita/domain/contract/refunds';
import { registerCall } from '../../http/register-call.ts';
import type { RefundsService } from './refunds-service.ts';

/** Credit held and its refunds (contract/refunds.ts), of the session's own borrower. */
export function refundsRoutes(app: FastifyInstance, { service }: { service: RefundsService }): void {
  registerCall(app, refundCalls.getRefunds, ({ session }) => service.view(session.userId));
}
