import type { FastifyInstance } from 'fastify';
import { adminApprovalCalls } from '@kaskita/domain/contract/admin-approvals';
import { registerCall } from '../../http/register-call.ts';
import { staffActor } from '../../commands/staff-actor.ts';
import type { ApprovalsService } from './approvals-service.ts';

/** Approval requests: the lists, one request, and the decisions (the service checks who may decide each). */
export function approvalsRoutes(app: FastifyInstance, { approvals }: { approvals: ApprovalsService }): void {
  const calls = adminApprovalCalls;
  registerCall(app, calls.listApprovals, ({ staff, query }) =>
    approvals.list(staffActor(staff), query.scope ?? 'waiting', {
      page: query.page,
      pageSize: query.page_size,
      order: query.order,
    }),
  );
  registerCall(app, calls.getApproval, ({ staff, params }) => approvals.find(params.id, staffActor(staff)));
  registerCall(app, calls.approveApproval, ({ staff, params, body, request }) =>
    approvals.approve(params.id, staffActor(staff), body.reason, { network: request.ctx.network }),
  );
  registerCall(app, calls.rejectApproval, ({ staff, params, body, request }) =>
    approvals.reject(params.id, staffActor(staff), body.reason, { network: request.ctx.network }),
  );
  registerCall(app, calls.withdrawApproval, ({ staff, params, body, request }) =>
    approvals.withdraw(params.id, staffActor(staff), body.reason, { network: request.ctx.network }),
  );
}
