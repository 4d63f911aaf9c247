import { validationMessage } from '@kaskita/domain/i18n/validation-messages';
import type { Locale } from '@kaskita/domain/i18n/locale';

type Issue = { path: readonly PropertyKey[]; message: string };
type SafeParse = { success: true } | { success: false; error: { issues: readonly Issue[] } };

/**
 * Field -> message in the user's language, from a zod safeParse of a form object.
 * The schemas report message keys ('phone.invalid'); the first issue per field wins.
 */
export function fieldErrors(result: SafeParse, locale: Locale): Record<string, string> {
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= validationMessage(issue.message, locale);
  }
  return out;
}

/** The message of the first issue of a single-value parse, or null when valid. */
export function firstError(result: SafeParse, locale: Locale): string | null {
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? validationMessage(issue.message, locale) : null;
}
