import { describe, expect, it } from 'vitest';
import { API_CALLS } from '../../src/contract/calls.ts';
import { ENDPOINT, fillPath } from '../../src/contract/endpoints.ts';
import { ERRORS } from '../../src/i18n/error-codes.ts';

describe('the API contract', () => {
  it('defines each call under its own id, at the endpoint of that id', () => {
    for (const [id, call] of Object.entries(API_CALLS)) {
      expect(call.id).toBe(id);
      expect(call).toMatchObject(ENDPOINT[id as keyof typeof ENDPOINT]);
    }
    expect(Object.keys(API_CALLS).sort()).toEqual(Object.keys(ENDPOINT).sort());
  });

  it('never puts two calls at one method and path', () => {
    const routes = Object.values(ENDPOINT).map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('gives GET calls no body and POST calls no query, and names only catalogued errors', () => {
    for (const call of Object.values(API_CALLS)) {
      if (call.method === 'GET') expect('body' in call, call.id).toBe(false);
      else expect('query' in call, call.id).toBe(false);
      for (const key of call.errors) expect(ERRORS[key], `${call.id}: ${key}`).toBeDefined();
      // A path parameter needs a params schema, and a params schema a path parameter.
      expect(call.path.includes('/:'), call.id).toBe('params' in call);
    }
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath('/dev/captcha/:id', { id: 'a b/c' })).toBe('/dev/captcha/a%20b%2Fc');
    expect(fillPath('/v1/login')).toBe('/v1/login');
    expect(() => fillPath('/dev/captcha/:id', {})).toThrow(/id is missing/);
  });
});
