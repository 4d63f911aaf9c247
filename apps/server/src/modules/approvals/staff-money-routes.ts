import type { FastifyInstance } from 'fastify';
import { adminApprovalCalls } from '@kaskita/domain/contract/admin-approvals';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import { registerCall } from '../../http/register-call.ts';
import type { LoanServicingService } from '../loans/loan-servicing-service.ts';
import type { RefundsService } from '../refunds/refunds-service.ts';
import { staffActor } from '../../commands/staff-actor.ts';
import type { ApprovalsService } from './approvals-service.ts';

export interface StaffMoneyRoutesDependencies {
  approvals: ApprovalsService;
  servicing: LoanServicingService;
  refunds: RefundsService;
  commands: CommandExecutor;
}

/**
 * The staff money commands that already existed, opened to the back office: a late-fee waiver, a write-off and a
 * refund above the automatic amount are asked for here and run when a second member approves them (approvals);
 * a failed refund is retried or cancelled at once, with a reason.
 */
export function staffMoneyRoutes(
  app: FastifyInstance,
  { approvals, servicing, refunds, commands }: StaffMoneyRoutesDependencies,
): void {
  const calls = adminApprovalCalls;
  const requested = ({
    id,
    state,
  }: {
    id: string;
    state: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  }) => ({
    request_id: id,
    state,
  });
  registerCall(app, calls.requestLateFeeWaiver, async ({ staff, params, body, request }) =>
    requested(
      await approvals.request(
        servicing.waiveLateFeesCommand.name,
        { loanId: params.id, ...(body.amount ? { amount: body.amount } : {}) },
        staffActor(staff),
        body.reason,
        { network: request.ctx.network },
      ),
    ),
  );
  registerCall(app, calls.requestWriteOff, async ({ staff, params, body, request }) =>
    requested(
      await approvals.request(
        servicing.writeOffCommand.name,
        { loanId: params.id },
        staffActor(staff),
        body.reason,
        {
          network: request.ctx.network,
        },
      ),
    ),
  );
  registerCall(app, calls.listStaffRefunds, ({ query }) =>
    refunds.inState(query.state ?? 'awaiting_approval', {
      page: query.page,
      pageSize: query.page_size,
      order: query.order,
    }),
  );
  registerCall(app, calls.requestRefundApproval, async ({ staff, params, body, request }) =>
    requested(
      await approvals.request(
        refunds.approveCommand.name,
        { refundId: params.id },
        staffActor(staff),
        body.reason,
        {
          network: request.ctx.network,
        },
      ),
    ),
  );
  registerCall(app, calls.retryRefund, async ({ staff, params, body, request }) => {
    const done = await commands.run(refunds.retryCommand, { refundId: params.id }, staffActor(staff), {
      reason: body.reason,
      network: request.ctx.network,
    });
    refunds.wake();
    return done;
  });
  registerCall(app, calls.cancelRefund, ({ staff, params, body, request }) =>
    commands.run(refunds.cancelCommand, { refundId: params.id }, staffActor(staff), {
      reason: body.reason,
      network: request.ctx.network,
    }),
  );
}
