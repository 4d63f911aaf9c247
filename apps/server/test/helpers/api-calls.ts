import { randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { LoginResponse, SmsCodeResponse, TokenPair } from '@kaskita/domain/contract/auth';
import type { Envelope } from '@kaskita/domain/contract/envelope';
import { CONSENT_VERSIONS } from '@kaskita/domain/legal/versions';

/**
 * Calls of the API the way the web app makes them, through app.inject. Free of vitest, so the API benchmark
 * (bench/api-bench.ts) signs in with the same code as the tests.
 */

/** A phone no other test uses (local form 0812 + 8 digits). */
export function newPhone(): string {
  return `0812${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** An IP no other test uses, so IP limits of one test never touch another. */
export function newIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export async function call<T = unknown>(
  app: FastifyInstance,
  options: InjectOptions & { ip?: string; token?: string },
): Promise<{ res: LightMyRequestResponse; body: Envelope<T> }> {
  const { ip, token, ...rest } = options;
  // As the web app does: `os` on every call (the cross-site guard wants it on calls that change state). A header
  // given as undefined is left out, so a test can send a request without it.
  const headers = Object.fromEntries(
    Object.entries({ os: '4', ...(rest.headers ?? {}), ...(token ? { authorization: token } : {}) }).filter(
      ([, value]) => value !== undefined,
    ),
  );
  const res = await app.inject({ ...rest, headers, remoteAddress: ip ?? '127.0.0.1' });
  return { res, body: res.json<Envelope<T>>() };
}

export function requestCode(
  app: FastifyInstance,
  phone: string,
  ip = newIp(),
  extra: Record<string, string> = {},
) {
  return call<SmsCodeResponse>(app, {
    method: 'GET',
    url: '/api/v2/sms_code',
    query: { phone, ...extra },
    ip,
  });
}

/**
 * The newest code sent to a phone, read from the dev outbox like the browser tests do (once deliveries are done): the
 * newest message that has one. Another message can be newer (a notice delivered by a job); in a PostgreSQL run of
 * collections.test.ts the newest message to a phone signing in again had no code, and the login went without one.
 */
export async function latestCode(app: FastifyInstance, phone: string): Promise<string | null> {
  await app.jobs.whenIdle();
  const { body } = await call<Array<{ code: string | null }>>(app, {
    method: 'GET',
    url: '/api/dev/outbox',
    query: { phone },
  });
  return body.data.find((m) => m.code !== null)?.code ?? null;
}

/** The texts of the messages delivered to a phone's dev outbox, newest first, once the outbox jobs have run. */
export async function outboxTexts(app: FastifyInstance, phone: string): Promise<string[]> {
  await app.jobs.whenIdle();
  const { body } = await call<Array<{ text: string }>>(app, {
    method: 'GET',
    url: '/api/dev/outbox',
    query: { phone },
  });
  return body.data.map((m) => m.text);
}

/** Messages delivered to a phone's dev outbox, once the outbox jobs have run. */
export async function outboxCount(app: FastifyInstance, phone: string): Promise<number> {
  await app.jobs.whenIdle();
  const { body } = await call<unknown[]>(app, { method: 'GET', url: '/api/dev/outbox', query: { phone } });
  return body.data.length;
}

/** Signs a phone in with an SMS code (registering it on first use). */
/** A login as the web app sends it: with the versions of the agreements its consent box accepted (needed to register). */
export function login(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  ip = newIp(),
  headers: Record<string, string> = {},
) {
  return call<LoginResponse>(app, {
    method: 'POST',
    url: '/api/v1/login',
    payload: { ...CONSENT_VERSIONS, ...payload },
    ip,
    headers,
  });
}

/** A six-digit code that is surely not `code`. */
export const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Signs in by SMS code; `headers` are the phone's (e.g. its `tz`), `fields` more of the form (a referral code). */
export async function signIn(
  app: FastifyInstance,
  phone = newPhone(),
  ip = newIp(),
  headers: Record<string, string> = {},
  fields: Record<string, string> = {},
): Promise<LoginResponse> {
  const sent = await requestCode(app, phone, ip);
  if (sent.body.code !== 200 || sent.body.data.captcha !== 0)
    throw new Error(`code not sent: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(app, phone);
  const { body } = await login(app, { ...fields, phone, sms_code: code }, ip, headers);
  if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data;
}

/** GET /api/v2/user/status, signed in with `token` or anonymous. */
export function userStatus(app: FastifyInstance, token?: string) {
  return call(app, { method: 'GET', url: '/api/v2/user/status', ...(token ? { token } : {}) });
}

/** POST /api/v1/user/refresh. */
/** A refresh from one client: 127.0.0.1 without a User-Agent unless told otherwise. */
export function refreshTokens(
  app: FastifyInstance,
  refreshToken: string,
  client: { ip?: string; userAgent?: string } = {},
) {
  return call<TokenPair>(app, {
    method: 'POST',
    url: '/api/v1/user/refresh',
    payload: { refresh_token: refreshToken },
    ip: client.ip,
    headers: { 'user-agent': client.userAgent },
  });
}

/** A fresh image captcha and its answer (read from the dev route, as the browser tests do). */
export async function solvedCaptcha(
  app: FastifyInstance,
): Promise<{ captcha_id: string; captcha_code: string }> {
  const { body } = await call<{ id: string; png: string }>(app, {
    method: 'GET',
    url: '/api/v1/captcha',
    ip: newIp(),
  });
  const answer = await call<{ code: string }>(app, {
    method: 'GET',
    url: `/api/dev/captcha/${body.data.id}`,
  });
  return { captcha_id: body.data.id, captcha_code: answer.body.data.code };
}

/** A new borrower who has set a password (signed in by SMS first, as the app requires). */
export async function signUpWithPassword(
  app: FastifyInstance,
  password = 'kopi7Susu',
): Promise<{ phone: string; session: LoginResponse }> {
  const phone = newPhone();
  const session = await signIn(app, phone);
  const { body } = await call(app, {
    method: 'POST',
    url: '/api/v1/alter/login_pass',
    token: session.token,
    payload: { password, confirm_password: password },
  });
  if (body.code !== 200) throw new Error(`could not set the password: ${body.code}`);
  return { phone, session };
}
