import type { FastifyInstance } from 'fastify';
import { adminBorrowerCalls } from '@kaskita/domain/contract/admin-borrowers';
import { dataAccessCalls } from '@kaskita/domain/contract/data-access';
import { staffActor } from '../../commands/staff-actor.ts';
import { registerCall } from '../../http/register-call.ts';
import type { BorrowersService } from './borrowers-service.ts';
import type { PiiRevealService } from './pii-reveal-service.ts';

export interface BorrowersRoutesDependencies {
  borrowers: BorrowersService;
  reveals: PiiRevealService;
}

/** The borrowers screens' calls (contract/admin-borrowers.ts); the guard in register-call.ts checked each token. */
export function borrowersRoutes(
  app: FastifyInstance,
  { borrowers, reveals }: BorrowersRoutesDependencies,
): void {
  registerCall(app, adminBorrowerCalls.searchBorrowers, async ({ body }) =>
    borrowers.search(body.by, body.q, { page: body.page, size: body.size }),
  );

  registerCall(app, adminBorrowerCalls.getBorrower, async ({ params, reply }) => {
    reply.header('cache-control', 'no-store');
    return borrowers.detail(params.id);
  });

  // The borrower's own side: who at the lender saw their data unmasked (issue 27).
  registerCall(app, dataAccessCalls.listDataAccess, ({ session }) => reveals.accessesOf(session.userId));

  registerCall(app, adminBorrowerCalls.revealBorrowerPii, async ({ staff, params, body, reply }) => {
    reply.header('cache-control', 'no-store');
    return reveals.reveal(staffActor(staff), params.id, body.field, body.reason);
  });

  registerCall(app, adminBorrowerCalls.blockBorrower, async ({ staff, params, body }) => {
    await borrowers.setBlocked(staffActor(staff), params.id, true, body.reason);
    return { id: params.id, blocked: true };
  });

  registerCall(app, adminBorrowerCalls.unblockBorrower, async ({ staff, params, body }) => {
    await borrowers.setBlocked(staffActor(staff), params.id, false, body.reason);
    return { id: params.id, blocked: false };
  });
}
