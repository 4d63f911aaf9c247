import { SAME_PERSON_MAX_DISTANCE } from '../../providers/face-check/face-api-face-check-provider.ts';
import { defineModule } from '../module-plugin.ts';
import { ReviewRepository } from './review-repository.ts';
import { reviewRoutes } from './review-routes.ts';
import { ReviewService } from './review-service.ts';

/** The credit review queue of the back office (issue 25): what the rules hand to a person, and their decision. */
export const reviewModule = defineModule({
  name: 'review',
  dependencies: ['application', 'borrowers', 'verification', 'loans', 'staff'],
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
    });
    await scope.api((api) => reviewRoutes(api, { review }));
  },
});
