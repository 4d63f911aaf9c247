import { z } from 'zod';
import { codesMeta, type CodeMeanings } from './coded-field.ts';

/**
 * Builders for form fields. Forms post strings (a blank input sends ''), JSON callers may post numbers: both are
 * accepted, and a blank value is "missing" with the field's own please-enter or please-select message (spec
 * section 5), never zod's generic one.
 */

/** '' and whitespace become undefined so `required` reports the field's key. */
function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** Required text, trimmed, inner runs of spaces collapsed, at most `max` characters. */
export function requiredText(requiredKey: string, max: number, invalidKey = 'field.invalid') {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: requiredKey })
      .transform((v) => v.trim().replace(/\s+/g, ' '))
      .pipe(z.string().min(1, { error: requiredKey }).max(max, { error: invalidKey })),
  );
}

/** One code of an enumeration (`{ 1: {...}, 2: {...} }`): '3' and 3 are both 3. The API document lists the codes. */
export function optionField(options: CodeMeanings, requiredKey: string) {
  return z
    .preprocess(
      (v) => {
        const value = blankToUndefined(v);
        return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
      },
      z
        .number({ error: (issue) => (issue.input === undefined ? requiredKey : 'field.invalid') })
        .int({ error: 'field.invalid' })
        .refine((v) => Object.hasOwn(options, v), { error: 'field.invalid' }),
    )
    .meta(codesMeta(options));
}

/** The message key of an amount that is not whole rupiah written plainly (`20000.00`, `1.5`, `2,000,000`, `1e6`). */
export const AMOUNT_FORMAT_KEY = 'amount.format';

/** Digits without leading zeros, or the same grouped in threes by dots as id-ID writes them (`2.000.000`). */
const WHOLE_AMOUNT_TEXT = /^(?:0|[1-9]\d*|[1-9]\d{0,2}(?:\.\d{3})+)$/;

/**
 * An amount of rupiah as a request carries it: `2000000` or `2.000.000` (spaces around it are ignored), else null.
 * Everything else is refused rather than guessed at: a dot or comma is either grouping or a decimal mark depending
 * on the writer's locale (`20000.00`, `1.5`, `2,000,000`), and dropping separators read `20000.00` as 2,000,000;
 * an exponent, a sign, inner spaces, a currency or grouping in the wrong places (`20.00.000`) are not amounts either.
 * Rupiah have no fractions in this product, so a whole amount is the only thing to accept.
 */
export function parseWholeAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!WHOLE_AMOUNT_TEXT.test(trimmed)) return null;
  const value = Number(trimmed.replaceAll('.', ''));
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * A rupiah amount from a form, query or JSON: text as {@link parseWholeAmount} reads it, or a whole JSON number.
 * Anything else is refused with {@link AMOUNT_FORMAT_KEY} (never read as another amount), then `min`..`max` with
 * `rangeKey`. Every money field of a request goes through this one parser, and comes out as Rupiah.
 */
export function amountField(min: number, max: number, requiredKey: string, rangeKey: string) {
  return z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      // Refused text stays text, so the number check below reports it as not an amount.
      return typeof value === 'string' ? (parseWholeAmount(value) ?? value) : value;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? requiredKey : AMOUNT_FORMAT_KEY) })
      .int({ error: AMOUNT_FORMAT_KEY })
      .min(min, { error: rangeKey })
      .max(max, { error: rangeKey })
      // Whole and in range, so it is money: read as Rupiah (zod's brand, a type only, as in money/rupiah-schema.ts).
      .brand<'Rupiah'>(),
  );
}

/**
 * A small whole number (a day of the month, a count, a code): digits only, `25` or 25. No separators: `1.5` is not
 * 15. Amounts of money use {@link amountField}.
 */
export function wholeNumberField(min: number, max: number, requiredKey: string, rangeKey: string) {
  return z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      if (typeof value !== 'string') return value;
      const digits = value.trim();
      return /^\d{1,15}$/.test(digits) ? Number(digits) : value;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? requiredKey : rangeKey) })
      .int({ error: rangeKey })
      .min(min, { error: rangeKey })
      .max(max, { error: rangeKey }),
  );
}

/** A flag posted as '1'/'0', 'true'/'false' or a boolean. */
export function flagField(requiredKey: string) {
  return z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      if (value === '1' || value === 'true' || value === 1) return true;
      if (value === '0' || value === 'false' || value === 0) return false;
      return value;
    },
    z.boolean({ error: requiredKey }),
  );
}

/** A string of digits only, spaces and dashes dropped, matching `pattern`. */
export function digitsField(pattern: RegExp, requiredKey: string, invalidKey: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: requiredKey })
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(pattern, { error: invalidKey })),
  );
}
