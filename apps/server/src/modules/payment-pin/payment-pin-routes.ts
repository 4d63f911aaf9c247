import type { FastifyInstance } from 'fastify';
import { payPinCalls } from '@kaskita/domain/contract/pay-pin';
import { registerCall } from '../../http/register-call.ts';
import type { PayPinService } from './pay-pin-service.ts';

/** Setting and resetting the PIN (with an SMS code to the borrower's own phone), for the session's borrower only. */
export function paymentPinRoutes(app: FastifyInstance, pins: PayPinService): void {
  registerCall(app, payPinCalls.sendPayPinCode, ({ session, body, request }) =>
    pins.sendCode(session.userId, body, { ip: request.ctx.ip, locale: request.ctx.locale }),
  );
  registerCall(app, payPinCalls.setPayPin, ({ session, body }) => pins.set(session.userId, body));
}
