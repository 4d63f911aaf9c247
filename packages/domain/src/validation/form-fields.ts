import { z } from 'zod';

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

/** One code of an enumeration (`{ 1: {...}, 2: {...} }`): '3' and 3 are both 3. */
export function optionField(options: Readonly<Record<number, unknown>>, requiredKey: string) {
  return z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? requiredKey : 'field.invalid') })
      .int({ error: 'field.invalid' })
      .refine((v) => Object.hasOwn(options, v), { error: 'field.invalid' }),
  );
}

/**
 * A whole number typed by a person: `1.500.000`, `1,500,000`, `Rp 1 500 000` and 1500000 are all 1500000. Rupiah
 * have no fractions in this product, so a separator is never a decimal point.
 */
export function wholeNumberField(min: number, max: number, requiredKey: string, rangeKey: string) {
  return z.preprocess(
    (v) => {
      const value = blankToUndefined(v);
      if (typeof value !== 'string') return value;
      const digits = value.replace(/^\s*rp\.?/i, '').replace(/[\s.,]/g, '');
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
