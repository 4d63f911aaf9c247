import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { formatAmount, rupiah } from '../../src/money/rupiah.ts';
import { VALIDATION_MESSAGES } from '../../src/i18n/validation-messages.ts';
import { loanOrderBodySchema, planQuerySchema } from '../../src/contract/loans.ts';
import { paymentClaimFormSchema } from '../../src/contract/payment-claims.ts';
import { repayBodySchema } from '../../src/contract/repayments.ts';
import {
  AMOUNT_FORMAT_KEY,
  amountField,
  parseWholeAmount,
  wholeNumberField,
} from '../../src/validation/form-fields.ts';

const field = amountField(1, 1_000_000_000_000, 'loan.amount_required', 'loan.amount_invalid');

/** The message key the field reports for `value`, or its amount. */
function read(value: unknown): number | string {
  const result = field.safeParse(value);
  return result.success ? result.data : result.error.issues[0]!.message;
}

describe('parseWholeAmount: an amount means what it says', () => {
  it('reads digits and id-ID grouping, with spaces around', () => {
    expect(parseWholeAmount('2000000')).toBe(2_000_000);
    expect(parseWholeAmount('2.000.000')).toBe(2_000_000);
    expect(parseWholeAmount(' 2.000.000\t')).toBe(2_000_000);
    expect(parseWholeAmount('0')).toBe(0);
    expect(parseWholeAmount('999')).toBe(999);
    expect(parseWholeAmount('1.000')).toBe(1_000);
  });

  it.each([
    ['20000.00', 'a decimal part (read as 2.000.000 before)'],
    ['1.5', 'a decimal point (read as 15 before)'],
    ['1,5', 'a decimal comma'],
    ['2.000.000,00', 'id-ID grouping with decimals'],
    ['2,000,000', 'en-US grouping: a comma is a decimal mark in Indonesian'],
    ['2.000,000', 'mixed separators'],
    ['20.00.000', 'grouping in the wrong places'],
    ['2000.000', 'a first group of four'],
    ['.000', 'no leading group'],
    ['1.000.', 'a trailing separator'],
    ['007', 'leading zeros'],
    ['0.500', 'a leading zero group'],
    ['+2000000', 'a sign'],
    ['-2000000', 'a negative amount'],
    ['2 000 000', 'spaces inside'],
    ['1e6', 'an exponent'],
    ['0x10', 'hexadecimal'],
    ['Rp2.000.000', 'a currency'],
    ['２０００', 'full-width digits'],
    ['9007199254740993', 'beyond what a number holds exactly'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (text) => {
    expect(parseWholeAmount(text)).toBeNull();
  });

  it('reads every whole amount back from its digits and from its id-ID grouping', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(parseWholeAmount(String(n))).toBe(n);
        expect(parseWholeAmount(formatAmount(rupiah(n)))).toBe(n);
      }),
    );
  });

  it('refuses anything with a decimal part, whatever the separator and grouping', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.stringMatching(/^\d{1,4}$/),
        fc.constantFrom('.', ','),
        fc.boolean(),
        (whole, fraction, mark, grouped) => {
          // A fraction of exactly three digits after a dot reads as a group of thousands, which is what id-ID means.
          fc.pre(!(mark === '.' && fraction.length === 3));
          const text = `${grouped ? formatAmount(rupiah(whole)) : String(whole)}${mark}${fraction}`;
          expect(parseWholeAmount(text)).toBeNull();
        },
      ),
    );
  });

  it('refuses en-US grouping of every amount of four digits or more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 1e12 }), (n) => {
        expect(parseWholeAmount(formatAmount(rupiah(n)).replaceAll('.', ','))).toBeNull();
      }),
    );
  });
});

describe('amountField', () => {
  it('takes text and whole JSON numbers, and says which problem a refusal has', () => {
    expect(read('2.000.000')).toBe(2_000_000);
    expect(read(2_000_000)).toBe(2_000_000);
    expect(read('')).toBe('loan.amount_required');
    expect(read('  ')).toBe('loan.amount_required');
    expect(read(undefined)).toBe('loan.amount_required');
    expect(read('20000.00')).toBe(AMOUNT_FORMAT_KEY);
    expect(read('1.5')).toBe(AMOUNT_FORMAT_KEY);
    expect(read(1.5)).toBe(AMOUNT_FORMAT_KEY);
    expect(read(1e20)).toBe(AMOUNT_FORMAT_KEY);
    expect(read(Number.NaN)).toBe(AMOUNT_FORMAT_KEY);
    expect(read(true)).toBe(AMOUNT_FORMAT_KEY);
    expect(read('0')).toBe('loan.amount_invalid');
    expect(read(-5)).toBe('loan.amount_invalid');
    expect(read('1.000.000.000.001')).toBe('loan.amount_invalid');
  });

  it('has its message in both languages', () => {
    expect(VALIDATION_MESSAGES[AMOUNT_FORMAT_KEY]['id-ID']).toContain('2.000.000');
    expect(VALIDATION_MESSAGES[AMOUNT_FORMAT_KEY]['en-US']).toContain('2.000.000');
  });

  it('reads the money of every request the same way', () => {
    const money = (schema: z.ZodType, body: object, name: string) => {
      const result = schema.safeParse(body);
      if (result.success) return (result.data as Record<string, unknown>)[name];
      return result.error.issues.find((i) => i.path[0] === name)?.message;
    };
    const order = {
      pid: 'cash-loan',
      period: 'month-3-3',
      purpose_id: '101',
      agreement_version: 'v',
      agree: '1',
    };
    const repay = {
      loan_plan: '7d0f7b0e-4d7a-4c6e-9a49-1f1c2b3d4e5f',
      repayment_type: '1',
      channel_id: 'VA_BCA',
    };
    const claim = { channel_id: 'VA_BCA', paid_at: '2026-03-02T10:00:00+07:00' };
    const cases = [
      [loanOrderBodySchema, order, 'money'],
      [planQuerySchema, { pid: 'cash-loan', period: 'month-3-3' }, 'money'],
      [repayBodySchema, repay, 'repayment_total_amount'],
      [paymentClaimFormSchema, claim, 'amount'],
    ] as const;
    for (const [schema, body, name] of cases) {
      expect(money(schema, { ...body, [name]: '2.000.000' }, name), name).toBe(2_000_000);
      expect(money(schema, { ...body, [name]: '2000000' }, name), name).toBe(2_000_000);
      expect(money(schema, { ...body, [name]: '20000.00' }, name), name).toBe(AMOUNT_FORMAT_KEY);
      expect(money(schema, { ...body, [name]: '2,000,000' }, name), name).toBe(AMOUNT_FORMAT_KEY);
    }
  });
});

describe('wholeNumberField', () => {
  it('takes digits only: a separator is not ignored', () => {
    const day = wholeNumberField(1, 31, 'salary_day.required', 'salary_day.invalid');
    expect(day.parse('25')).toBe(25);
    expect(day.parse(' 25 ')).toBe(25);
    expect(day.parse(25)).toBe(25);
    expect(day.safeParse('1.5').success).toBe(false);
    expect(day.safeParse('2,5').success).toBe(false);
  });
});
