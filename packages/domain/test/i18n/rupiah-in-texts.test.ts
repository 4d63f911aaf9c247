import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/i18n/error-codes.ts';
import * as options from '../../src/i18n/profile-options.ts';
import { VALIDATION_MESSAGES } from '../../src/i18n/validation-messages.ts';

/** Every string inside a value, however nested. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

/** Each amount written in a text, from its "Rp". */
const amounts = (text: string) => text.match(/Rp\s?[\d.,]*\d/g) ?? [];

describe('rupiah in the texts a borrower reads', () => {
  it('is written one way in both languages: "Rp 2.000.000"', () => {
    const written = [VALIDATION_MESSAGES, ERRORS, options].flatMap(texts).flatMap(amounts);
    expect(written.length).toBeGreaterThan(5);
    expect(written.filter((a) => !/^Rp \d{1,3}(\.\d{3})*$/.test(a))).toEqual([]);
  });
});
