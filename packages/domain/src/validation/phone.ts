import { z } from 'zod';

/**
 * Indonesian mobile numbers arrive as 08.., 628.. or +628.. with spaces or dashes.
 * We store ONE form: international digits without '+', e.g. 6281234567890.
 * The spec's "10-14 digits" counts the local form (0812...), so 0 + 9..13 digits.
 */
const LOCAL_FORM = /^08\d{8,12}$/;

/** The normalised phone (62...), or null when the input is not an Indonesian mobile number. */
export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  let local: string;
  if (compact.startsWith('+62')) local = '0' + compact.slice(3);
  else if (compact.startsWith('62')) local = '0' + compact.slice(2);
  else local = compact;
  return LOCAL_FORM.test(local) ? '62' + local.slice(1) : null;
}

/** The local form shown to people: 6281234567890 -> 081234567890. */
export function localPhone(normalised: string): string {
  return normalised.startsWith('62') ? '0' + normalised.slice(2) : normalised;
}

/** Keeps the 3 leading and 4 trailing digits of the local form (spec section 9): 0812*****7890. */
export function maskPhone(normalised: string): string {
  const local = localPhone(normalised);
  if (local.length <= 7) return local;
  return local.slice(0, 3) + '*'.repeat(local.length - 7) + local.slice(-4);
}

/** A phone field: accepts any of the accepted spellings and outputs the normalised form. */
export const phoneSchema = z
  .string({ error: 'phone.required' })
  .trim()
  .min(1, { error: 'phone.required' })
  .transform((value, ctx) => {
    const normalised = normalisePhone(value);
    if (!normalised) {
      ctx.addIssue({ code: 'custom', message: 'phone.invalid' });
      return z.NEVER;
    }
    return normalised;
  });
