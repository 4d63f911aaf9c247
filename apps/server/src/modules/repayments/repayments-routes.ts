import type { FastifyInstance } from 'fastify';
import { paymentClaimCalls } from '@kaskita/domain/contract/payment-claims';
import { repaymentCalls } from '@kaskita/domain/contract/repayments';
import { formUpload } from '../../http/multipart-form.ts';
import { registerCall } from '../../http/register-call.ts';
import type { PaymentClaimsService } from './payment-claims-service.ts';
import type { RepaymentService } from './repayment-service.ts';

/** Bills and repayment (contract/repayments.ts): every call acts on the session's own borrower. */
export function repaymentsRoutes(
  app: FastifyInstance,
  { service, claims }: { service: RepaymentService; claims: PaymentClaimsService },
): void {
  registerCall(app, repaymentCalls.getBills, ({ session }) => service.bills(session.userId));
  registerCall(app, repaymentCalls.getRepayMethods, ({ session, query }) =>
    service.methods(session.userId, query.repayment_type),
  );
  registerCall(app, repaymentCalls.createRepayment, ({ session, body, request }) =>
    service.repay(session.userId, body, request.ctx.locale),
  );
  registerCall(app, repaymentCalls.getPaymentCode, ({ session, params, request }) =>
    service.code(session.userId, params.id, request.ctx.locale),
  );
  registerCall(app, repaymentCalls.getRepayRecords, ({ session }) => service.records(session.userId));
  registerCall(app, repaymentCalls.getSettlementQuote, ({ session, query }) =>
    service.settlement(session.userId, query.date),
  );
  registerCall(app, repaymentCalls.getLoanRecords, ({ session }) => service.loanRecords(session.userId));
  registerCall(app, paymentClaimCalls.createPaymentClaim, ({ session, body, request }) =>
    claims.file(session.userId, body, formUpload(request), request.ctx.locale),
  );
  registerCall(app, paymentClaimCalls.getPaymentClaims, ({ session }) => claims.list(session.userId));
}
