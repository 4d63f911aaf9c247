import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/i18n/error-codes.ts';

describe('the error catalogue', () => {
  it('gives every error its own code: a client tells them apart by the code alone', () => {
    const byCode = new Map<number, string[]>();
    for (const [key, { code }] of Object.entries(ERRORS))
      byCode.set(code, [...(byCode.get(code) ?? []), key]);
    expect([...byCode.values()].filter((keys) => keys.length > 1)).toEqual([]);
  });
});
