import { SAME_PERSON_MAX_DISTANCE } from '../../providers/face-check/face-api-face-check-provider.ts';
import type { Rupiah } from '@kaskita/domain/money/rupiah';
import { defineModule } from '../module-plugin.ts';
import { ReviewRepository } from './review-repository.ts';
import { reviewRoutes } from './review-routes.ts';
import { ReviewService } from './review-service.ts';

/** The credit review queue of the back office (issue 25): what the rules hand to a person, and their decision. */
export const reviewModule = defineModule({
  name: 'review',
  dependencies: ['application', 'borrowers', 'verification', 'loans', 'staff', 'approvals'],
  register: async (app, infra, scope) => {
    const { db, clock, commands, env } = infra;
    const review = new ReviewService({
      db,
      repo: new ReviewRepository(),
      clock,
      commands,
      applications: app.applications,
      borrowers: app.borrowers.service,
      reveals: app.borrowers.reveals,
      face: app.verification,
      products: app.loans.products,
      rules: {
        incomeRangeFactor: env.REVIEW_INCOME_RANGE_FACTOR,
        faceDistanceFrom: env.REVIEW_FACE_DISTANCE_FROM,
        bureauUnavailableAfterMinutes: env.REVIEW_BUREAU_UNAVAILABLE_MINUTES,
      },
      faceThreshold: SAME_PERSON_MAX_DISTANCE,
      approvals: app.approvals,
      secondReviewerAbove: env.REVIEW_APPROVAL_NEEDS_SECOND_ABOVE as Rupiah,
    });
    app.approvals.register({
      command: review.decideCommand,
      subject: (input) => ({ type: 'credit_application', id: input.applicationId }),
      preview: (tx, input) => review.approvalPreview(tx, input),
      // The decision's SMS leaves as soon as the approval committed.
      afterApproval: () => app.applications.afterDecision(),
    });
    await scope.api((api) => reviewRoutes(api, { review }));
  },
});
