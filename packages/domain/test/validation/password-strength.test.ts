import { describe, expect, it } from 'vitest';
import { passwordWeakness } from '../../src/validation/password-strength.ts';
import { newPasswordSchema } from '../../src/validation/password.ts';
import { phoneSchema } from '../../src/validation/phone.ts';

const PHONE = '6281234567890';

describe('passwordWeakness', () => {
  it.each([
    ['000000', 'password.repeated'],
    ['aaaaaaa', 'password.repeated'],
    ['121212', 'password.repeated'],
    ['AbcAbcAbc', 'password.repeated'],
    ['123456', 'password.sequence'],
    ['987654', 'password.sequence'],
    ['abcdef', 'password.sequence'],
    ['FEDCBA', 'password.sequence'],
    ['081234567890', 'password.phone'],
    ['6281234567890', 'password.phone'],
    ['81234567890', 'password.phone'],
    ['567890', 'password.phone'],
  ])('refuses %s (%s)', (password, weakness) => {
    expect(passwordWeakness(password, PHONE)).toBe(weakness);
  });

  it.each(['kopi7Susu', 'first1', 'a1b2c3', '135790', '12345a', '112233x', '56789a'])(
    'accepts %s',
    (password) => {
      expect(passwordWeakness(password, PHONE)).toBeNull();
    },
  );

  it('checks the phone only when there is one', () => {
    expect(passwordWeakness('081234567890')).toBeNull();
    // five digits of the phone are not "the phone": too many passwords would collide
    expect(passwordWeakness('67890', PHONE)).toBeNull();
  });

  it('is part of every new-password schema, with the form phone when it has one', () => {
    const schema = newPasswordSchema({ phone: phoneSchema });
    const issue = (password: string) =>
      schema.safeParse({ phone: '0812-3456-7890', password, confirm_password: password }).error?.issues[0]
        ?.message;
    expect(issue('111111')).toBe('password.repeated');
    expect(issue('081234567890')).toBe('password.phone');
    expect(issue('kopi7Susu')).toBeUndefined();
  });
});
