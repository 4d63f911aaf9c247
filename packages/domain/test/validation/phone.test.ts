import { describe, expect, it } from 'vitest';
import { maskPhone, normalisePhone, phoneSchema } from '../../src/validation/phone.ts';

describe('normalisePhone', () => {
  it.each([
    ['081234567890', '6281234567890'],
    ['6281234567890', '6281234567890'],
    ['+6281234567890', '6281234567890'],
    ['+62 812-3456-7890', '6281234567890'],
    ['0812345678', '62812345678'], // 10 digits, the shortest accepted
    ['08123456789012', '628123456789012'], // 14 digits, the longest accepted
  ])('%s -> %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each(['', '081234567', '081234567890123', '0712345678', '+6512345678', '08123abc7890', '62'])(
    'refuses %j',
    (input) => {
      expect(normalisePhone(input)).toBeNull();
    },
  );
});

describe('maskPhone', () => {
  it('keeps 3 leading and 4 trailing digits of the local form', () => {
    expect(maskPhone('6281234567890')).toBe('081*****7890');
  });
});

describe('phoneSchema', () => {
  it('outputs the normalised form', () => {
    expect(phoneSchema.parse(' +6281234567890 ')).toBe('6281234567890');
  });
  it('reports a message key on bad input', () => {
    const r = phoneSchema.safeParse('123');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('phone.invalid');
  });
});
