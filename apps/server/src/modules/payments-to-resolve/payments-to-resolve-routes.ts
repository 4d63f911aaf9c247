import type { FastifyInstance } from 'fastify';
import { adminApprovalCalls } from '@kaskita/domain/contract/admin-approvals';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import { registerCall } from '../../http/register-call.ts';
import { staffActor } from '../../commands/staff-actor.ts';
import type { ApprovalsService } from '../approvals/approvals-service.ts';
import type { PaymentClaimAnswersService } from '../repayments/payment-claim-answers-service.ts';
import type { PaymentsToResolveService } from './payments-to-resolve-service.ts';

export interface PaymentsToResolveRoutesDependencies {
  service: PaymentsToResolveService;
  approvals: ApprovalsService;
  answers: PaymentClaimAnswersService;
  commands: CommandExecutor;
  resolveCommand: string;
  returnCommand: string;
}

/** Payments to resolve and claims to answer (payment.resolve, checked by the guard and again by each command). */
export function paymentsToResolveRoutes(
  app: FastifyInstance,
  {
    service,
    approvals,
    answers,
    commands,
    resolveCommand,
    returnCommand,
  }: PaymentsToResolveRoutesDependencies,
): void {
  const calls = adminApprovalCalls;
  const paging = (query: { page: number; page_size: number; order?: 'asc' | 'desc' | undefined }) => ({
    page: query.page,
    pageSize: query.page_size,
    order: query.order,
  });
  registerCall(app, calls.listReviewPayments, ({ query }) => service.reviewPayments(paging(query)));
  registerCall(app, calls.listOpenClaims, ({ query }) => service.openClaims(paging(query)));
  registerCall(app, calls.requestPaymentApply, async ({ staff, params, body, request }) => {
    const requested = await approvals.request(
      resolveCommand,
      { paymentId: params.id, loanId: body.order_id },
      staffActor(staff),
      body.reason,
      { network: request.ctx.network },
    );
    return { request_id: requested.id, state: requested.state };
  });
  registerCall(app, calls.requestPaymentReturn, async ({ staff, params, body, request }) => {
    const requested = await approvals.request(
      returnCommand,
      { paymentId: params.id },
      staffActor(staff),
      body.reason,
      { network: request.ctx.network },
    );
    return { request_id: requested.id, state: requested.state };
  });
  registerCall(app, calls.listClaimPayments, ({ params }) => service.claimPayments(params.id));
  registerCall(app, calls.creditClaim, async ({ staff, params, body, request }) => {
    const { claimId, status } = await commands.run(
      answers.creditCommand,
      { claimId: params.id, paymentId: body.payment_id },
      staffActor(staff),
      { reason: body.reason, network: request.ctx.network },
    );
    return { claim_id: claimId, status };
  });
  registerCall(app, calls.rejectClaim, async ({ staff, params, body, request }) => {
    const { claimId, status } = await commands.run(
      answers.rejectCommand,
      { claimId: params.id },
      staffActor(staff),
      { reason: body.reason, network: request.ctx.network },
    );
    return { claim_id: claimId, status };
  });
}
