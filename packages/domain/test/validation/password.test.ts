import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  alterPasswordBodySchema,
  loginBodySchema,
  passwordLoginBodySchema,
  resetPasswordBodySchema,
  smsLoginBodySchema,
} from '../../src/contract/auth.ts';
import { newPasswordSchema } from '../../src/validation/password.ts';

/** Field name → message key of every issue, the way the server reports them. */
function fields(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('new password schemas', () => {
  const reset = { phone: '081234567890', sms_code: '123456' };

  it('accept a password with its matching confirmation', () => {
    expect(
      resetPasswordBodySchema.safeParse({ ...reset, password: 'abc123', confirm_password: 'abc123' }).success,
    ).toBe(true);
    expect(
      alterPasswordBodySchema.safeParse({ password: 'abc123', confirm_password: 'abc123' }).success,
    ).toBe(true);
  });

  it('report a mismatch on confirm_password', () => {
    for (const schema of [resetPasswordBodySchema, alterPasswordBodySchema])
      expect(fields(schema.safeParse({ ...reset, password: 'abc123', confirm_password: 'abc124' }))).toEqual({
        confirm_password: 'password.mismatch',
      });
  });

  it('report a missing confirm_password as password.required', () => {
    for (const schema of [resetPasswordBodySchema, alterPasswordBodySchema])
      expect(fields(schema.safeParse({ ...reset, password: 'abc123' }))).toEqual({
        confirm_password: 'password.required',
      });
  });

  it('read a blank old_password as absent', () => {
    for (const old_password of ['', '   ', undefined])
      expect(
        alterPasswordBodySchema.parse({ old_password, password: 'abc123', confirm_password: 'abc123' }),
      ).toEqual({ old_password: undefined, password: 'abc123', confirm_password: 'abc123' });
    expect(
      alterPasswordBodySchema.parse({
        old_password: 'old123',
        password: 'abc123',
        confirm_password: 'abc123',
      }).old_password,
    ).toBe('old123');
    expect(
      fields(
        alterPasswordBodySchema.safeParse({
          old_password: 'x'.repeat(65),
          password: 'abc123',
          confirm_password: 'abc123',
        }),
      ),
    ).toHaveProperty('old_password');
  });

  it('keep the other fields of the form', () => {
    const schema = newPasswordSchema({});
    expect(fields(schema.safeParse({ password: 'ab', confirm_password: 'ab' }))).toEqual({
      password: 'password.rule',
    });
    expect(
      fields(resetPasswordBodySchema.safeParse({ password: 'abc123', confirm_password: 'abc123' })),
    ).toEqual({
      phone: 'phone.required',
      sms_code: 'sms_code.required',
    });
  });
});

describe('login body', () => {
  it('is the union of the SMS-code and the password branch', () => {
    const sms = { phone: '081234567890', sms_code: '123456' };
    const password = { phone: '081234567890', password: 'abc123' };
    expect(smsLoginBodySchema.safeParse(sms).success).toBe(true);
    expect(passwordLoginBodySchema.safeParse(password).success).toBe(true);
    expect(smsLoginBodySchema.safeParse(password).success).toBe(false);
    expect(passwordLoginBodySchema.safeParse(sms).success).toBe(false);
    expect(loginBodySchema.parse(sms)).toEqual({ phone: '6281234567890', sms_code: '123456' });
    expect(loginBodySchema.parse(password)).toEqual({ phone: '6281234567890', password: 'abc123' });
  });
});
