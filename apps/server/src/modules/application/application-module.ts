import type { JobRunner } from '../../jobs/job-runner.ts';
import { ApplicationRepository } from './application-repository.ts';
import { ApplicationService, type ApplicationDependencies } from './application-service.ts';
import { CREDIT_DECISION } from './credit-decision-job.ts';

export interface ApplicationModule {
  service: ApplicationService;
}

export function createApplicationModule(
  deps: Omit<ApplicationDependencies, 'repo'> & { jobs: JobRunner },
): ApplicationModule {
  const service = new ApplicationService({ ...deps, repo: new ApplicationRepository() });
  deps.jobs.register(CREDIT_DECISION, ({ applicationId }) => service.decide(applicationId), {
    concurrency: 2,
  });
  return { service };
}
