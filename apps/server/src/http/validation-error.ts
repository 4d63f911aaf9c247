import type { z } from 'zod';
import { VALIDATION_MESSAGES } from '@kaskita/domain/i18n/validation-messages';
import { AppError } from './app-error.ts';

type Issue = z.core.$ZodIssue;

/**
 * Turns a zod error into our validation answer: `data.fields` maps each failing field to a message key,
 * `msg` is the first field's message, and the code is 4001 when the phone is the problem (spec: bad phone).
 */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of flatten(error.issues, [])) {
    const name = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    fields[name] ??= messageKey(issue);
  }
  const first = Object.values(fields)[0] ?? 'field.invalid';
  const key = fields.phone === 'phone.invalid' ? 'BAD_PHONE' : 'VALIDATION';
  return new AppError(key, { fields }, first);
}

/** A union reports every branch; the branch with the fewest issues is the one the caller meant. */
function flatten(issues: readonly Issue[], prefix: PropertyKey[]): Array<Issue & { path: PropertyKey[] }> {
  const out: Array<Issue & { path: PropertyKey[] }> = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const best = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      out.push(...flatten(best, path));
    } else {
      out.push({ ...issue, path });
    }
  }
  return out;
}

function messageKey(issue: Issue): string {
  if (issue.message in VALIDATION_MESSAGES) return issue.message;
  if (
    issue.code === 'invalid_type' &&
    (issue.input === undefined || issue.input === null || issue.input === '')
  )
    return 'field.required';
  return 'field.invalid';
}
