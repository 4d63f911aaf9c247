import { Writable } from 'node:stream';
import type { FastifyLoggerOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { defaultLogger } from '../../src/app.ts';
import { loadEnv } from '../../src/env.ts';
import { call, latestCode, newPhone, useTestApp } from '../helpers/test-app.ts';

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
const logger = { ...(defaultLogger(loadEnv({ LOG_LEVEL: 'debug' })) as FastifyLoggerOptions), stream };
const t = useTestApp({ logger });

describe('logging', () => {
  it('never writes phones, codes, passwords or tokens', async () => {
    const phone = newPhone();
    await call(t.app, { method: 'GET', url: '/api/v2/sms_code', query: { phone } });
    const code = await latestCode(t.app, phone);
    const login = await call<{ token: string; refresh_token: string }>(t.app, {
      method: 'POST',
      url: '/api/v1/login',
      payload: { phone, sms_code: code },
    });
    const { token, refresh_token } = login.body.data;
    await call(t.app, {
      method: 'GET',
      url: '/api/v2/user/status',
      token,
      headers: { cookie: 'sid=secret-cookie' },
    });
    await call(t.app, { method: 'POST', url: '/api/v1/login', payload: { phone, password: 'Secret99' } });
    await call(t.app, { method: 'POST', url: '/api/v1/user/refresh', payload: { refresh_token } });

    const log = lines.join('');
    expect(log).toContain('/api/v2/sms_code');
    for (const secret of [phone.slice(1), code!, token, refresh_token, 'Secret99', 'secret-cookie']) {
      expect(log).not.toContain(secret);
    }
  });
});
