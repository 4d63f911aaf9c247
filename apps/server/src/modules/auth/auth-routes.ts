import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authCalls } from '@kaskita/domain/contract/auth';
import { registerCall } from '../../http/register-call.ts';
import type { AuthService, Caller } from './auth-service.ts';

const caller = (request: FastifyRequest): Caller => ({
  ip: request.ctx.network,
  address: request.ctx.ip,
  locale: request.ctx.locale,
  userAgent: request.headers['user-agent'] ?? '',
});

/** Sign-in calls of spec section 7 (contract/auth.ts). */
export function authRoutes(app: FastifyInstance, { service }: { service: AuthService }): void {
  registerCall(app, authCalls.sendLoginCode, ({ query, request }) =>
    service.sendLoginCode(query.phone, query, caller(request)),
  );

  registerCall(app, authCalls.sendLoginCodeByPost, ({ body, request }) =>
    service.sendLoginCode(body.phone, body, caller(request)),
  );

  registerCall(app, authCalls.sendResetCode, ({ body, request }) =>
    service.sendResetCode(body.phone, body, caller(request)),
  );

  registerCall(app, authCalls.getCaptcha, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    return service.createCaptcha(caller(request));
  });

  registerCall(app, authCalls.login, ({ body, request }) =>
    'sms_code' in body
      ? service.loginWithCode(body.phone, body.sms_code, body, caller(request))
      : service.loginWithPassword(body.phone, body.password, body, caller(request)),
  );

  registerCall(app, authCalls.resetPassword, ({ body, request }) =>
    service.resetPassword(body.phone, body.sms_code, body.password, body, caller(request)),
  );

  registerCall(app, authCalls.alterPassword, async ({ body, session }) => {
    await service.alterPassword(session, body.old_password, body.password);
    return {};
  });

  registerCall(app, authCalls.logout, async ({ session }) => {
    await service.logout(session);
    return {};
  });

  registerCall(app, authCalls.refreshSession, ({ body, request }) =>
    service.refresh(body.refresh_token, caller(request)),
  );
}
