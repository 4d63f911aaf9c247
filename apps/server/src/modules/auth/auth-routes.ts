import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authCalls } from '@kaskita/domain/contract/auth';
import { deviceCalls } from '@kaskita/domain/contract/devices';
import { namedTimeZone } from '@kaskita/domain/collection/contact-window';
import { registerCall } from '../../http/register-call.ts';
import type { AuthService, Caller } from './auth-service.ts';
import { deviceKeyOf, keepDeviceKey } from './device-cookie.ts';
import type { DeviceService } from './device-service.ts';

const caller = (request: FastifyRequest, deviceKey = ''): Caller => ({
  ip: request.ctx.network,
  address: request.ctx.ip,
  locale: request.ctx.locale,
  userAgent: request.headers['user-agent'] ?? '',
  deviceKey,
  timeZone: namedTimeZone(request.ctx.headers.tz),
  cl: request.ctx.headers.cl ?? null,
});

export interface AuthRoutesDependencies {
  service: AuthService;
  devices: DeviceService;
  /** Whether the device cookie is sent over HTTPS only (production). */
  secureCookies: boolean;
}

/** Sign-in calls of spec section 7 (contract/auth.ts), and the signed-in devices (contract/devices.ts). */
export function authRoutes(
  app: FastifyInstance,
  { service, devices, secureCookies }: AuthRoutesDependencies,
): void {
  /** Runs a sign-in with the browser's device key, and gives the browser a key when it had none. */
  const withDevice = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    signIn: (caller: Caller) => Promise<T>,
  ): Promise<T> => {
    const device = deviceKeyOf(request);
    const answer = await signIn(caller(request, device.key));
    if (device.fresh) keepDeviceKey(reply, device.key, secureCookies);
    return answer;
  };

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

  registerCall(app, authCalls.login, ({ body, request, reply }) =>
    withDevice(request, reply, (c) =>
      'sms_code' in body
        ? service.loginWithCode(body.phone, body.sms_code, body, c)
        : service.loginWithPassword(body.phone, body.password, body, c),
    ),
  );

  registerCall(app, authCalls.resetPassword, ({ body, request, reply }) =>
    withDevice(request, reply, (c) =>
      service.resetPassword(body.phone, body.sms_code, body.password, body, c),
    ),
  );

  registerCall(app, deviceCalls.listDevices, ({ session }) => devices.list(session.userId, session.familyId));
  registerCall(app, deviceCalls.signOutDevice, async ({ body, session }) => {
    await devices.signOut(session.userId, body.device_id);
    return {};
  });
  registerCall(app, deviceCalls.signOutOtherDevices, async ({ session }) => {
    await devices.signOutOthers(session.userId, session.familyId);
    return {};
  });

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
