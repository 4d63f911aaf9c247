import { VerificationRepository } from './verification-repository.ts';
import { VerificationService, type VerificationDependencies } from './verification-service.ts';

export interface VerificationModule {
  service: VerificationService;
}

export function createVerificationModule(deps: Omit<VerificationDependencies, 'repo'>): VerificationModule {
  return { service: new VerificationService({ ...deps, repo: new VerificationRepository() }) };
}
