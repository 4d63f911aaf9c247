import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  alterPasswordBodySchema,
  captchaResponseSchema,
  emptyResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  refreshBodySchema,
  resetPasswordBodySchema,
  resetSmsBodySchema,
  smsCodeQuerySchema,
  smsCodeResponseSchema,
  tokenPairSchema,
} from '@kaskita/domain/contract/auth';
import { route } from '../../http/route.ts';
import type { AuthService, Caller } from './auth-service.ts';

const caller = (request: FastifyRequest): Caller => ({ ip: request.ctx.ip, locale: request.ctx.locale });

/** Sign-in calls of spec section 7. Paths are relative to the /api prefix. */
export function authRoutes(app: FastifyInstance, { service }: { service: AuthService }): void {
  route(app, {
    method: 'GET',
    url: '/v2/sms_code',
    query: smsCodeQuerySchema,
    response: smsCodeResponseSchema,
    handler: ({ query, request }) => service.sendLoginCode(query.phone, query, caller(request)),
  });

  // The spec also lists POST v1/sms_code with the same params; accepted as a form or JSON body.
  route(app, {
    method: 'POST',
    url: '/v1/sms_code',
    body: smsCodeQuerySchema,
    response: smsCodeResponseSchema,
    handler: ({ body, request }) => service.sendLoginCode(body.phone, body, caller(request)),
  });

  route(app, {
    method: 'POST',
    url: '/v1/reset_sms',
    body: resetSmsBodySchema,
    response: smsCodeResponseSchema,
    handler: ({ body, request }) => service.sendResetCode(body.phone, body, caller(request)),
  });

  route(app, {
    method: 'GET',
    url: '/v1/captcha',
    response: captchaResponseSchema,
    handler: async ({ request, reply }) => {
      reply.header('cache-control', 'no-store');
      return service.createCaptcha(caller(request));
    },
  });

  route(app, {
    method: 'POST',
    url: '/v1/login',
    body: loginBodySchema,
    response: loginResponseSchema,
    handler: ({ body, request }) =>
      'sms_code' in body
        ? service.loginWithCode(body.phone, body.sms_code)
        : service.loginWithPassword(body.phone, body.password, caller(request)),
  });

  route(app, {
    method: 'POST',
    url: '/v1/user/set_password',
    body: resetPasswordBodySchema,
    response: loginResponseSchema,
    handler: ({ body, request }) =>
      service.resetPassword(body.phone, body.sms_code, body.password, caller(request)),
  });

  route(app, {
    method: 'POST',
    url: '/v1/alter/login_pass',
    auth: true,
    body: alterPasswordBodySchema,
    response: emptyResponseSchema,
    handler: async ({ body, session }) => {
      await service.alterPassword(session, body.old_password, body.password);
      return {};
    },
  });

  route(app, {
    method: 'POST',
    url: '/v1/logout',
    auth: true,
    response: emptyResponseSchema,
    handler: async ({ session }) => {
      await service.logout(session);
      return {};
    },
  });

  route(app, {
    method: 'POST',
    url: '/v1/user/refresh',
    body: refreshBodySchema,
    response: tokenPairSchema,
    handler: ({ body, request }) => service.refresh(body.refresh_token, caller(request)),
  });
}
