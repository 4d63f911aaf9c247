import { describe, expect, it } from 'vitest';
import { fieldErrorKey, validationMessage } from '../../src/i18n/validation-messages.ts';

describe('a wrong code with the tries left', () => {
  it('names the tries left in both languages, the last one and none in their own words', () => {
    const shown = (left: number | undefined) => {
      const key = fieldErrorKey('sms_code.wrong', left);
      return [validationMessage(key, 'id-ID'), validationMessage(key, 'en-US')];
    };
    expect(shown(2)).toEqual(['Kode salah. Sisa 2 percobaan.', 'Wrong code. 2 tries left.']);
    expect(shown(1)).toEqual(['Kode salah. Sisa 1 percobaan.', 'Wrong code. 1 try left.']);
    expect(shown(0)).toEqual([
      'Kode salah. Percobaan habis: silakan minta kode baru.',
      'Wrong code. No tries left: please request a new code.',
    ]);
    expect(shown(undefined)).toEqual(['Kode salah.', 'Wrong code.']);
  });

  it('leaves every other key as it came', () => {
    expect(fieldErrorKey('phone.invalid', 2)).toBe('phone.invalid');
    expect(validationMessage('no.such.key?tries=2', 'en-US')).toBe('This value is not valid');
  });
});
