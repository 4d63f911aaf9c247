import type { FastifyInstance } from 'fastify';
import { adminCollectionCalls as calls } from '@kaskita/domain/contract/admin-collections';
import { collectionLogCalls } from '@kaskita/domain/contract/collection-log';
import type { CommandExecutor } from '../../commands/command-executor.ts';
import { staffActor } from '../../commands/staff-actor.ts';
import { registerCall } from '../../http/register-call.ts';
import type { CollectionsService } from './collections-service.ts';

/** The collections screens' calls: reading with loan.read, recording with collection.contact (checked twice). */
export function collectionsRoutes(
  app: FastifyInstance,
  { service, commands }: { service: CollectionsService; commands: CommandExecutor },
): void {
  registerCall(app, calls.listCollectionQueue, ({ query }) =>
    service.queue(query.bucket, { page: query.page, pageSize: query.page_size, order: query.order }),
  );
  registerCall(app, calls.getCollectionLoan, ({ params }) => service.loan(params.id));
  // The borrower's side: their own loan's contacts, without the collectors' notes or names.
  registerCall(app, collectionLogCalls.getCollectionLog, ({ session, query }) =>
    service.borrowerLog(session.userId, query.order_id),
  );
  registerCall(app, calls.recordCollectionContact, ({ staff, params, body, request }) =>
    commands.run(
      service.recordContactCommand,
      { loanId: params.id, channel: body.channel, outcome: body.outcome },
      staffActor(staff),
      // The note is the collector's own account of the contact: the command's reason in the audit row.
      { reason: body.note, network: request.ctx.network },
    ),
  );
  registerCall(app, calls.recordPromiseToPay, ({ staff, params, body, request }) =>
    commands.run(
      service.recordPromiseCommand,
      { loanId: params.id, promisedDate: body.promised_date, amount: body.amount },
      staffActor(staff),
      { reason: body.reason, network: request.ctx.network },
    ),
  );
}
