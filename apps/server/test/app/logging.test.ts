import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { capturedLogger } from '../helpers/captured-log.ts';
import { call, latestCode, newPhone, requestCode, signIn, useTestApp } from '../helpers/test-app.ts';

const { lines, logger } = capturedLogger();
const t = useTestApp({ logger });

describe('logging', () => {
  it('never writes phones, codes, passwords or tokens', async () => {
    const phone = newPhone();
    const { token, refresh_token } = await signIn(t.app, phone);
    const code = await latestCode(t.app, phone);
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
    for (const secret of [phone.slice(1), token, refresh_token, 'Secret99', 'secret-cookie']) {
      expect(log).not.toContain(secret);
    }
    // Six digits turn up by chance inside a number (a timestamp's milliseconds): the code counts where it stands alone.
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code!}(?!\\d)`));
  });

  it('writes one line per request: its id, method, route pattern, status and time, and nothing else', async () => {
    const phone = newPhone();
    lines.length = 0;
    await requestCode(t.app, phone);
    const requestLines = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.msg === 'request completed' || line.msg === 'incoming request');
    expect(requestLines).toHaveLength(1);
    const [line] = requestLines;
    expect(line).toMatchObject({ level: 30, method: 'GET', route: '/api/v2/sms_code', statusCode: 200 });
    expect(line!.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof line!.responseTime).toBe('number');
    expect(Object.keys(line!).sort()).toEqual(
      [
        'hostname',
        'level',
        'method',
        'msg',
        'pid',
        'reqId',
        'responseTime',
        'route',
        'statusCode',
        'time',
      ].sort(),
    );
  });

  it('logs a failed query without its bound values or the row', async () => {
    const phone = newPhone();
    await requestCode(t.app, phone);
    const code = await latestCode(t.app, phone);
    // Registering the phone now fails inside the database: a constraint that refuses every new user.
    await t.database.db.execute(sql`alter table users add constraint no_new_users check (false) not valid`);
    lines.length = 0;
    try {
      const login = await call(t.app, {
        method: 'POST',
        url: '/api/v1/login',
        payload: { phone, sms_code: code },
      });
      expect(login.body.code).toBe(5000);
    } finally {
      await t.database.db.execute(sql`alter table users drop constraint no_new_users`);
    }
    const failure = lines.find((line) => line.includes('unhandled error'));
    expect(failure).toBeDefined();
    expect(failure).not.toContain(phone.slice(1));
    expect(failure).not.toContain('params');
    expect(failure).toContain('23514');
    expect(failure).toContain('no_new_users');
  });
});
