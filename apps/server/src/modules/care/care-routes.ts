import type { FastifyInstance } from 'fastify';
import { adminCareCalls } from '@kaskita/domain/contract/admin-care';
import { borrowerFeedbackCalls } from '@kaskita/domain/contract/feedback';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import { staffActor } from '../../commands/staff-actor.ts';
import { registerCall } from '../../http/register-call.ts';
import type { DisbursementDeskService } from './disbursement-desk-service.ts';
import type { FeedbackDeskService } from './feedback-desk-service.ts';
import type { MessagesDeskService } from './messages-desk-service.ts';

export interface CareRoutesDependencies {
  messages: MessagesDeskService;
  feedback: FeedbackDeskService;
  disbursements: DisbursementDeskService;
  commands: CommandExecutor;
}

const paging = (query: { page: number; page_size: number; order?: 'asc' | 'desc' | undefined }) => ({
  page: query.page,
  pageSize: query.page_size,
  order: query.order,
});

/** The care desk's calls (contract/admin-care.ts); the guard checks each permission, and each command again. */
export function careRoutes(
  app: FastifyInstance,
  { messages, feedback, disbursements, commands }: CareRoutesDependencies,
): void {
  const calls = adminCareCalls;
  registerCall(app, calls.listOutbox, ({ query }) =>
    messages.list(query, { from: query.from, to: query.to }, paging(query)),
  );
  registerCall(app, calls.listFeedback, ({ query }) => feedback.list(query, paging(query)));
  registerCall(app, calls.getFeedback, ({ params }) => feedback.get(params.id));
  registerCall(app, calls.replyFeedback, async ({ staff, params, body, request }) => {
    const answered = await commands.run(
      feedback.replyCommand,
      { feedbackId: params.id, reply: body.reply },
      staffActor(staff),
      // The reply is what the staff member typed and why: it is the reason, as well as the input, of the audit row.
      { reason: body.reply, network: request.ctx.network },
    );
    feedback.wakeOutbox();
    return answered;
  });
  registerCall(app, calls.closeFeedback, ({ staff, params, body, request }) =>
    commands.run(feedback.closeCommand, { feedbackId: params.id }, staffActor(staff), {
      reason: body.resolution,
      network: request.ctx.network,
    }),
  );
  registerCall(app, calls.listDisbursements, ({ query }) =>
    disbursements.list(query.tab ?? 'pending', paging(query)),
  );
  registerCall(app, calls.retryDisbursement, async ({ staff, params, body, request }) => {
    const result = await commands.run(disbursements.retryCommand, { loanId: params.id }, staffActor(staff), {
      reason: body.reason,
      network: request.ctx.network,
    });
    disbursements.wake();
    return result;
  });
  registerCall(app, calls.cancelDisbursement, async ({ staff, params, body, request }) => {
    const result = await commands.run(disbursements.cancelCommand, { loanId: params.id }, staffActor(staff), {
      reason: body.reason,
      network: request.ctx.network,
    });
    disbursements.wake();
    return result;
  });
  registerCall(app, borrowerFeedbackCalls.listMyFeedback, ({ session }) => feedback.mine(session.userId));
}
