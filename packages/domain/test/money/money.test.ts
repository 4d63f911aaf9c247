import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatAmount,
  formatRupiah,
  parseAmount,
  rupiah,
  MoneyError,
  fromBigInt,
} from '../../src/money/rupiah.ts';
import { roundDown, roundHalfEven, roundHalfUp, roundUp, splitCumulative } from '../../src/money/rounding.ts';
import { formatPercent, parsePercent } from '../../src/money/rate.ts';

describe('rupiah', () => {
  it('formats the Indonesian way', () => {
    expect(formatRupiah(3_886_302)).toBe('Rp3.886.302');
    expect(formatRupiah(3_886_302, { space: true })).toBe('Rp 3.886.302');
    expect(formatRupiah(-1_500)).toBe('-Rp1.500');
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(999)).toBe('999');
    expect(formatAmount(1_000)).toBe('1.000');
  });
  it('parses what it formats and refuses fractions', () => {
    expect(parseAmount('Rp3.886.302')).toBe(3_886_302);
    expect(parseAmount('3886302')).toBe(3_886_302);
    expect(parseAmount('3.886,50')).toBeNull();
    expect(parseAmount('1.23')).toBeNull();
    expect(parseAmount('-Rp1.500')).toBe(-1_500);
    expect(parseAmount('-Rp 1.500')).toBe(-1_500);
    expect(parseAmount('-1.500')).toBe(-1_500);
    expect(parseAmount('--1.500')).toBeNull();
    expect(parseAmount('-Rp-1.500')).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.boolean(), (n, space) => {
        expect(parseAmount(formatRupiah(n, { space }))).toBe(n);
        expect(parseAmount(formatAmount(n))).toBe(n);
      }),
    );
  });
  it('refuses non-integer money', () => {
    expect(() => rupiah(0.5)).toThrow(MoneyError);
    expect(() => rupiah(Number.NaN)).toThrow(MoneyError);
    expect(() => fromBigInt(2n ** 60n)).toThrow(MoneyError);
  });
});

describe('rounding', () => {
  it('rounds halves as named', () => {
    expect(roundHalfUp(5n, 2n)).toBe(3n);
    expect(roundHalfUp(-5n, 2n)).toBe(-2n);
    expect(roundHalfEven(5n, 2n)).toBe(2n);
    expect(roundHalfEven(7n, 2n)).toBe(4n);
    expect(roundDown(7n, 2n)).toBe(3n);
    expect(roundDown(-7n, 2n)).toBe(-4n);
    expect(roundUp(7n, 2n)).toBe(4n);
    expect(roundUp(6n, 2n)).toBe(3n);
  });
  it('every mode is within one unit of the exact value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (n, d) => {
          for (const f of [roundDown, roundUp, roundHalfUp, roundHalfEven]) {
            const r = f(n, d);
            expect(r * d - n < d && n - r * d < d).toBe(true);
          }
        },
      ),
    );
  });
  it('splits sum exactly and the last part absorbs the remainder', () => {
    expect(splitCumulative(1_000_000n, [1n, 1n, 1n])).toEqual([333_333n, 333_333n, 333_334n]);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 1n, max: 400n }), { minLength: 1, maxLength: 9 }),
        (t, w) => {
          const parts = splitCumulative(t, w);
          expect(parts.reduce((a, b) => a + b, 0n)).toBe(t);
          expect(parts.every((p) => p >= 0n)).toBe(true);
        },
      ),
    );
  });
});

describe('rates', () => {
  it('parses percent strings exactly', () => {
    expect(parsePercent('0.32826')).toEqual({ num: 16_413n, den: 5_000_000n });
    expect(parsePercent('0.1')).toEqual({ num: 1n, den: 1_000n });
    expect(parsePercent('0.067')).toEqual({ num: 67n, den: 100_000n });
    expect(parsePercent('30')).toEqual({ num: 3n, den: 10n });
    expect(parsePercent('0.0000000001')).toEqual({ num: 1n, den: 1_000_000_000_000n });
    expect(formatPercent(parsePercent('0.32826'))).toBe('0.32826');
    // 24 % a year on 365 days is 0.0657534246…% a day: shown rounded up, never understated.
    expect(formatPercent({ num: 24n, den: 36_500n })).toBe('0.065754');
    expect(() => parsePercent('0.12345678901')).toThrow(/at most 10 decimals/);
    expect(() => parsePercent('-1')).toThrow();
  });
});
