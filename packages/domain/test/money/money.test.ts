import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatAmount,
  formatCount,
  formatRupiah,
  rupiah,
  type Rupiah,
  MoneyError,
  fromBigInt,
} from '../../src/money/rupiah.ts';
import {
  multiplyRoundDown,
  roundDown,
  roundHalfEven,
  roundHalfUp,
  roundUp,
  splitCumulative,
} from '../../src/money/rounding.ts';
import { formatPercent, parsePercent } from '../../src/money/rate.ts';
import { rupiahSchema } from '../../src/money/rupiah-schema.ts';
import { parseWholeAmount } from '../../src/validation/form-fields.ts';

describe('rupiah', () => {
  it('formats the Indonesian way', () => {
    expect(formatRupiah(rupiah(3_886_302))).toBe('Rp 3.886.302');
    expect(formatRupiah(rupiah(-1_500))).toBe('-Rp 1.500');
    expect(formatAmount(rupiah(0))).toBe('0');
    expect(formatAmount(rupiah(999))).toBe('999');
    expect(formatAmount(rupiah(1_000))).toBe('1.000');
  });
  it('formats every whole amount so the one amount parser reads it back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => {
        expect(parseWholeAmount(formatAmount(rupiah(n)))).toBe(n);
        expect(formatRupiah(rupiah(n))).toBe(`Rp ${formatAmount(rupiah(n))}`);
        expect(formatRupiah(rupiah(-n - 1))).toBe(`-Rp ${formatAmount(rupiah(n + 1))}`);
      }),
    );
  });
  it('refuses non-integer money', () => {
    expect(() => rupiah(0.5)).toThrow(MoneyError);
    expect(() => rupiah(Number.NaN)).toThrow(MoneyError);
    expect(() => fromBigInt(2n ** 60n)).toThrow(MoneyError);
  });
  // Checked by `tsc -p packages/domain` (this file is in its program): were Rupiah a plain number again, the two
  // lines marked below would compile, their expected errors would be unused, and the compile would fail.
  it('is a type the compiler enforces: a plain number is not money until a constructor or a schema checks it', () => {
    // @ts-expect-error a number literal is not Rupiah
    const typed: Rupiah = 1_500;
    // @ts-expect-error a function that takes Rupiah refuses a number
    expect(formatRupiah(typed + 0)).toBe('Rp 1.500');
    const checked: Rupiah = rupiah(1_500);
    const read: Rupiah = rupiahSchema.parse(1_500);
    expect(checked).toBe(read);
    expect(() => rupiahSchema.parse(0.5)).toThrow();
  });
  it('groups counts as amounts, without money', () => {
    expect(formatCount(1_842)).toBe('1.842');
    expect(formatCount(412_906)).toBe('412.906');
    expect(() => formatCount(1.5)).toThrow(RangeError);
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
  it('multiplies money by a fraction, rounded down to whole rupiah', () => {
    expect(multiplyRoundDown(rupiah(3_333_333), { num: 3n, den: 2n })).toBe(4_999_999);
    expect(multiplyRoundDown(rupiah(4_000_001), { num: 3n, den: 10n })).toBe(1_200_000);
    expect(multiplyRoundDown(rupiah(0), { num: 1n, den: 2n })).toBe(0);
    expect(() => multiplyRoundDown(0.5 as Rupiah, { num: 1n, den: 1n })).toThrow(RangeError);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        (amount, num, den) => {
          // Small enough for a float to be exact: the bare Math.floor it replaces.
          expect(multiplyRoundDown(rupiah(amount), { num: BigInt(num), den: BigInt(den) })).toBe(
            Math.floor((amount * num) / den),
          );
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
