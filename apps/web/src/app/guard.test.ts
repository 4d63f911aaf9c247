import { describe, expect, it } from 'vitest';
import { guardDecision } from './guard.ts';

const base = { hasToken: false, authFlag: false, channel: null, search: '' };

describe('guardDecision (spec section 2)', () => {
  it.each([
    // [case, input, expected]
    ['token stored, gated route', { hasToken: true, routeName: 'UserIntoKtp' }, { pass: true }],
    ['auth flag', { routeName: 'LoginPasswd', authFlag: true }, { pass: true }],
    ['login', { routeName: 'login' }, { pass: true }],
    ['register', { routeName: 'register' }, { pass: true }],
    ['landing page', { routeName: 'landing-page' }, { pass: true }],
    ['partner landing page', { routeName: 'landing-page-platform' }, { pass: true }],
    ['Home', { routeName: 'Home' }, { pass: true }],
    ['HomeUnaudited', { routeName: 'HomeUnaudited' }, { pass: true }],
    ['Me', { routeName: 'Me' }, { pass: true }],
    ['gated, no token', { routeName: 'UserIntoKtp' }, { pass: false, redirectTo: '/login/main' }],
    ['gated home child', { routeName: 'HomeAuditing' }, { pass: false, redirectTo: '/login/main' }],
    [
      'me child',
      { routeName: 'MeModifyPassword', search: '?cl=abc&x=1' },
      { pass: false, redirectTo: '/login/main?cl=abc&x=1' },
    ],
    [
      'oppo channel',
      { routeName: 'Bill', channel: 'oppo', search: 'a=1' },
      { pass: false, redirectTo: '/oppo/auth-login?a=1' },
    ],
    ['unknown route name', { routeName: undefined }, { pass: false, redirectTo: '/login/main' }],
  ])('%s', (_name, input, expected) => {
    expect(guardDecision({ ...base, ...input })).toEqual(expected);
  });
});
