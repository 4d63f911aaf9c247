import { defineModule } from '../module-plugin.ts';
import { verificationRoutes } from './verification-routes.ts';
import { VerificationRepository } from './verification-repository.ts';
import { VerificationService, type VerificationDependencies } from './verification-service.ts';

export interface VerificationModule {
  service: VerificationService;
}

export function createVerificationModule(deps: Omit<VerificationDependencies, 'repo'>): VerificationModule {
  return { service: new VerificationService({ ...deps, repo: new VerificationRepository() }) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The face check and the WhatsApp number check. */
    verification: VerificationService;
  }
}

export const verificationModule = defineModule({
  name: 'verification',
  dependencies: ['user', 'auth', 'profile'],
  register: async (app, infra, scope) => {
    const { service } = createVerificationModule({
      ...infra,
      users: app.users,
      codes: app.auth.codes,
      profile: app.profile.service,
      faceCheck: infra.providers.faceCheck,
      liveness: infra.providers.liveness,
      livenessActions: infra.env.LIVENESS_ACTIONS,
      protection: infra.dataProtection,
      uploadLimitBytes: infra.env.UPLOAD_LIMIT_BYTES,
    });
    app.decorate('verification', service);
    await scope.api((api) => verificationRoutes(api, { service }));
  },
});
