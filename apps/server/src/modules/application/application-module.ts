import { defineModule } from '../module-plugin.ts';
import { applicationRoutes } from './application-routes.ts';
import { RulesCreditDecider } from './credit-decider.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { DataProtection } from '../../security/data-protection.ts';
import { ApplicationRepository } from './application-repository.ts';
import { ApplicationService, type ApplicationDependencies } from './application-service.ts';
import { CREDIT_DECISION } from './credit-decision-job.ts';

export interface ApplicationModule {
  service: ApplicationService;
}

export function createApplicationModule(
  deps: Omit<ApplicationDependencies, 'repo'> & { jobs: JobRunner; dataProtection: DataProtection },
): ApplicationModule {
  const service = new ApplicationService({
    ...deps,
    repo: new ApplicationRepository(deps.dataProtection.cipher),
  });
  deps.jobs.register(CREDIT_DECISION, ({ applicationId }) => service.decide(applicationId), {
    concurrency: 2,
  });
  return { service };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Applications and credit decisions: the back office and tests decide through it. */
    applications: ApplicationService;
  }
}

export const applicationModule = defineModule({
  name: 'application',
  dependencies: ['user', 'profile', 'verification', 'loans'],
  register: async (app, infra, scope) => {
    const { env } = infra;
    const profile = app.profile.service;
    const reviewRules = {
      incomeRangeFactor: env.REVIEW_INCOME_RANGE_FACTOR,
      faceDistanceFrom: env.REVIEW_FACE_DISTANCE_FROM,
      bureauUnavailableAfterMinutes: env.REVIEW_BUREAU_UNAVAILABLE_MINUTES,
    };
    const { service } = createApplicationModule({
      ...infra,
      users: app.users,
      profile,
      verification: app.verification,
      decider: new RulesCreditDecider({
        profile,
        verification: app.verification,
        bureau: infra.providers.creditBureau,
        products: app.loans.products,
        reviewRules,
      }),
      usage: app.loans.usage,
      decisionDelaySeconds: env.CREDIT_DECISION_DELAY_SECONDS,
      reapplyDays: env.CREDIT_REAPPLY_DAYS,
      reviewRules,
    });
    app.decorate('applications', service);
    await scope.api((api) => applicationRoutes(api, { service }));
  },
});
