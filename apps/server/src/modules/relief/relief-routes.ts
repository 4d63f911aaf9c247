import type { FastifyInstance } from 'fastify';
import { adminReliefCalls } from '@kaskita/domain/contract/admin-relief';
import { reliefCalls } from '@kaskita/domain/contract/relief';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import { staffActor } from '../../commands/staff-actor.ts';
import { registerCall } from '../../http/register-call.ts';
import type { ApprovalsService } from '../approvals/approvals-service.ts';
import type { ReliefDeskService } from './relief-desk-service.ts';
import type { ReliefService } from './relief-service.ts';

export interface ReliefRoutesDependencies {
  relief: ReliefService;
  desk: ReliefDeskService;
  approvals: Pick<ApprovalsService, 'request'>;
  commands: CommandExecutor;
}

/** Relief: the borrower's requests (contract/relief.ts) and the back office's desk (contract/admin-relief.ts). */
export function reliefRoutes(
  app: FastifyInstance,
  { relief, desk, approvals, commands }: ReliefRoutesDependencies,
): void {
  registerCall(app, reliefCalls.getRelief, ({ session }) => relief.overview(session.userId));
  registerCall(app, reliefCalls.askRelief, ({ session, body, request }) =>
    relief.ask(session.userId, body, request.ctx.locale),
  );
  registerCall(app, reliefCalls.acceptRelief, ({ session, params, body }) =>
    relief.accept(session.userId, params.id, body),
  );
  registerCall(app, reliefCalls.withdrawRelief, ({ session, params }) =>
    relief.withdraw(session.userId, params.id),
  );
  registerCall(app, reliefCalls.getReliefAddendum, ({ session, params, query, request }) =>
    relief.addendum(session.userId, params.id, query.pdf === '1', request.ctx.locale),
  );

  const calls = adminReliefCalls;
  registerCall(app, calls.listReliefs, ({ query }) =>
    desk.list(query.status ?? 'requested', {
      page: query.page,
      pageSize: query.page_size,
      order: query.order,
    }),
  );
  registerCall(app, calls.getReliefRequest, ({ params, query }) => desk.get(params.id, query));
  registerCall(app, calls.proposeRelief, async ({ staff, params, body, request }) => {
    const requested = await approvals.request(
      relief.offerCommand.name,
      { reliefId: params.id, days: body.days, extra: body.extra },
      staffActor(staff),
      body.reason,
      { network: request.ctx.network },
    );
    return { request_id: requested.id, state: requested.state };
  });
  registerCall(app, calls.declineRelief, async ({ staff, params, body, request }) => {
    const result = await commands.run(relief.declineCommand, { reliefId: params.id }, staffActor(staff), {
      reason: body.reason,
      network: request.ctx.network,
    });
    relief.wake();
    return result;
  });
}
