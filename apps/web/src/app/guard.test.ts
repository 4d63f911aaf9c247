import { describe, expect, it } from 'vitest';
import { afterLoginHref } from '../config/paths.ts';
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
    [
      'a checkout page, signed out: its own sign-in, the sign_key kept',
      { routeName: 'ThirdPaySetPasswd', commerce: true, search: '?sign_key=abc&product_id=p.1' },
      { pass: false, redirectTo: '/third/pay/sign-in?sign_key=abc&product_id=p.1' },
    ],
    [
      'a checkout page, signed in',
      { routeName: 'ThirdDealSuccess', commerce: true, hasToken: true },
      { pass: true },
    ],
  ])('%s', (_name, input, expected) => {
    expect(guardDecision({ ...base, ...input })).toEqual(expected);
  });

  it('names the page it stopped the visitor at, with its query, for the sign-in to continue there', () => {
    const d = guardDecision({
      ...base,
      routeName: 'UserIntoKtp',
      pathname: '/user-into/ktp',
      search: '?cl=abc',
    });
    expect(d).toEqual({
      pass: false,
      redirectTo: '/login/main?cl=abc&redirect=%2Fuser-into%2Fktp%3Fcl%3Dabc',
    });
  });
});

describe('afterLoginHref', () => {
  const after = (q: string) => afterLoginHref(new URLSearchParams(q));
  it('continues to the page the guard stopped the visitor at, with its query', () => {
    expect(after('redirect=%2Fuser-into%2Fktp%3Fcl%3Dabc')).toBe('/user-into/ktp?cl=abc');
    expect(after('phone=0812&redirect=/me/bank-card')).toBe('/me/bank-card');
  });
  it('goes home without one, and never to another site or back to a login page', () => {
    for (const q of [
      '',
      'redirect=',
      'redirect=https://evil.example',
      'redirect=//evil.example/x',
      'redirect=/\\evil',
      'redirect=/login/main',
      'redirect=/login/passwd?x=1',
      'redirect=/oppo/auth-login',
    ])
      expect(after(q), q).toBe('/home');
  });
});
