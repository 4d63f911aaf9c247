import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { CallDefinition } from '@kaskita/domain/contract/define-call';
import { registerCall } from '../../src/http/register-call.ts';
import { zodValidatorCompiler } from '../../src/http/validator-compiler.ts';
import { registerErrorHandler } from '../../src/plugins/error-handler-plugin.ts';
import {
  registerRequestContext,
  registerRequestId,
  readRequestHeaders,
} from '../../src/plugins/request-context-plugin.ts';
import { call, newPhone, useTestApp } from '../helpers/test-app.ts';

const t = useTestApp();

describe('API envelope and error mapping', () => {
  it('answers 4002 for malformed JSON and for an empty JSON body', async () => {
    for (const payload of ['{"phone":', '']) {
      const { res, body } = await call(t.app, {
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(body).toEqual({ code: 4002, msg: 'Permintaan tidak dapat dibaca', data: null });
    }
  });

  it('answers 4130 for a body over 32 KB, JSON or form', async () => {
    const big = 'x'.repeat(40 * 1024);
    const json = await call(t.app, { method: 'POST', url: '/api/v1/login', payload: { phone: big } });
    expect(json.res.statusCode).toBe(413);
    expect(json.body.code).toBe(4130);
    const form = await call(t.app, {
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `phone=${big}`,
    });
    expect(form.body.code).toBe(4130);
  });

  it('answers 4150 for content types we do not accept', async () => {
    for (const type of ['text/plain', 'application/xml', 'application/octet-stream']) {
      const { res, body } = await call(t.app, {
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'content-type': type },
        payload: 'phone=1',
      });
      expect(res.statusCode).toBe(415);
      expect(body.code).toBe(4150);
    }
  });

  it('answers 4040 for unknown /api paths, any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const { res, body } = await call(t.app, { method, url: '/api/v9/nothing', headers: { lan: 'en' } });
      expect(res.statusCode).toBe(404);
      expect(body).toEqual({ code: 4040, msg: 'Not found', data: null });
    }
  });

  it('speaks id-ID by default and en-US when lan says so', async () => {
    const id = await call(t.app, { method: 'GET', url: '/api/v2/user/status' });
    const en = await call(t.app, { method: 'GET', url: '/api/v2/user/status', headers: { lan: 'en-us' } });
    expect(id.body.msg).toBe('Sesi Anda telah berakhir, silakan masuk kembali');
    expect(en.body.msg).toBe('Your session has ended, please log in again');
  });

  it('carries a request id header', async () => {
    const { res } = await call(t.app, { method: 'GET', url: '/api/v2/user/status' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never answers 5000 for odd inputs (fuzz-ish)', async () => {
    const bodies: unknown[] = [
      null,
      [],
      [1, 2],
      'string',
      42,
      { phone: null },
      { phone: 123456789012 },
      { phone: ['081234567890'] },
      { phone: { $gt: '' } },
      { phone: newPhone(), sms_code: 123456 },
      { phone: newPhone(), password: null },
      { phone: '0'.repeat(5000) },
      { phone: '\u0000\u202e0812345678', sms_code: '１２３４５６' },
      { refresh_token: 'x'.repeat(600) },
      { __proto__: { polluted: 1 }, constructor: { prototype: { x: 1 } } },
    ];
    const urls = [
      '/api/v1/login',
      '/api/v1/reset_sms',
      '/api/v1/user/refresh',
      '/api/v1/user/set_password',
      '/api/v1/sms_code',
    ];
    for (const url of urls) {
      for (const payload of bodies) {
        const { res, body } = await call(t.app, {
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        expect(body.code).not.toBe(5000);
      }
    }
    const queries = [
      'phone[]=1&phone[]=2',
      'phone=0812345678901&phone=0812345678902',
      'phone=%00',
      'captcha_id=' + 'a'.repeat(100),
      '%%%',
    ];
    for (const q of queries) {
      const { res } = await call(t.app, { method: 'GET', url: `/api/v2/sms_code?${q}` });
      expect(res.statusCode, q).toBeLessThan(500);
    }
    const form = await call(t.app, {
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=1&phone=2&sms_code[a]=1&%E0%A4%A=1',
    });
    expect(form.res.statusCode).toBeLessThan(500);
    const multipart = await call(t.app, {
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="phone"\r\n\r\n0812\r\n--x--\r\n',
    });
    expect(multipart.res.statusCode).toBeLessThan(500);
  });

  it('ignores bad header values instead of failing', async () => {
    const { res } = await call(t.app, {
      method: 'GET',
      url: '/api/v2/sms_code',
      query: { phone: newPhone() },
      headers: { lan: 'x'.repeat(100), os: 'y'.repeat(100), lat: 'z'.repeat(100), tz: 'Asia/Jakarta' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      readRequestHeaders({ lan: 'x'.repeat(100), tz: 'Asia/Jakarta', os: ['4', '4'] as never, cl: 'oppo' }),
    ).toEqual({
      tz: 'Asia/Jakarta',
      cl: 'oppo',
    });
  });
});

describe('registerCall', () => {
  const testCall = <R extends z.ZodType>(path: string, response: R) =>
    ({
      id: path,
      method: 'GET',
      path,
      auth: false,
      tag: 'app',
      summary: path,
      description: path,
      errors: [],
      response,
    }) satisfies CallDefinition;

  async function miniApp() {
    const app = Fastify({ logger: false });
    registerRequestId(app);
    registerRequestContext(app);
    registerErrorHandler(app);
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('authenticate', async () => {
      throw new Error('unused');
    });
    const leaky = testCall('/leaky', z.object({ uid: z.string(), nested: z.object({ ok: z.boolean() }) }));
    registerCall(
      app,
      leaky,
      async () =>
        ({ uid: 'u1', password_hash: 'scrypt$secret', nested: { ok: true, internal: 'x' } }) as unknown as {
          uid: string;
          nested: { ok: boolean };
        },
    );
    registerCall(
      app,
      testCall('/wrong-shape', z.object({ n: z.number() })),
      async () => ({ n: 'not a number' }) as unknown as { n: number },
    );
    registerCall(app, testCall('/boom', z.object({})), async () => {
      throw new Error('database password is hunter2');
    });
    await app.ready();
    return app;
  }

  it('serializes output through the response schema so undeclared fields never leak', async () => {
    const app = await miniApp();
    const res = await app.inject({ method: 'GET', url: '/leaky' });
    expect(res.json()).toEqual({ code: 200, msg: 'OK', data: { uid: 'u1', nested: { ok: true } } });
    expect(res.body).not.toContain('scrypt');
    await app.close();
  });

  it('turns an output that breaks its schema, or a thrown error, into a generic 5000 with the request id', async () => {
    const app = await miniApp();
    for (const url of ['/wrong-shape', '/boom']) {
      const res = await app.inject({ method: 'GET', url, headers: { lan: 'en-US' } });
      expect(res.statusCode).toBe(500);
      const body = res.json<{ code: number; msg: string; data: { request_id: string } }>();
      expect(body.code).toBe(5000);
      expect(body.msg).toBe('Something went wrong on our side, please try again');
      expect(body.data.request_id).toBe(res.headers['x-request-id']);
      expect(res.body).not.toContain('hunter2');
    }
    await app.close();
  });
});
