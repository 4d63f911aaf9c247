import type { FastifyInstance } from 'fastify';
import { adminReviewCalls } from '@kaskita/domain/contract/admin-review';
import { registerCall } from '../../http/register-call.ts';
import { staffActor } from '../../commands/staff-actor.ts';
import type { ReviewService } from './review-service.ts';

/** The review queue's calls (contract/admin-review.ts); the guard in register-call.ts checked each token. */
export function reviewRoutes(app: FastifyInstance, { review }: { review: ReviewService }): void {
  registerCall(app, adminReviewCalls.listReviewQueue, async ({ query, request }) =>
    review.queue(query, request.ctx.locale),
  );

  registerCall(app, adminReviewCalls.getReviewApplication, async ({ params, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return review.detail(params.id, request.ctx.locale);
  });

  registerCall(app, adminReviewCalls.decideReviewApplication, async ({ staff, params, body }) =>
    review.decide(
      staffActor(staff),
      params.id,
      {
        outcome: body.outcome,
        limitAmount: body.outcome === 'approve' ? body.limit_amount : null,
      },
      body.reason,
    ),
  );
}
