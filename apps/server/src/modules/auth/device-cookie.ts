import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { newOpaqueToken } from '../../security/secret-hasher.ts';

/**
 * The device cookie: a random key the server gives a browser at its first sign-in, HttpOnly (no script reads it) and
 * sent only to the API. It tells a known device from a new one; it proves nothing else, and holds nothing personal.
 */
const NAME = 'kk_device';
const TWO_YEARS_SECONDS = 2 * 366 * 24 * 3600;
const KEY = /^[A-Za-z0-9_-]{20,128}$/;

/** The request's device key, or a fresh one (`fresh`) when it sent none or a malformed one. */
export function deviceKeyOf(request: FastifyRequest): { key: string; fresh: boolean } {
  const sent = request.headers.cookie ? parseCookie(request.headers.cookie)[NAME] : undefined;
  if (sent && KEY.test(sent)) return { key: sent, fresh: false };
  return { key: newOpaqueToken(), fresh: true };
}

/** Gives the browser its key after a sign-in (`secure` outside plain-HTTP development). */
export function keepDeviceKey(reply: FastifyReply, key: string, secure: boolean): void {
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name: NAME,
      value: key,
      httpOnly: true,
      secure,
      sameSite: 'strict',
      path: '/api',
      maxAge: TWO_YEARS_SECONDS,
    }),
  );
}
