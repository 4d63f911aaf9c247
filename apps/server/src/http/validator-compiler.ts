import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { CONSENT_VERSIONS } from '@kaskita/domain/legal/versions';
import { VALIDATION_MESSAGES } from '@kaskita/domain/i18n/validation-messages';
import { AppError } from './app-error.ts';

type Issue = z.core.$ZodIssue;

/**
 * Validates a request part with its zod schema and answers our validation error (4000, or 4001 for a bad phone) with
 * a message key per field. Written here rather than taking fastify-type-provider-zod's validatorCompiler (whose
 * serializer, types and OpenAPI transform we do use) for two behaviours it lacks: a missing body or query is read as
 * `{}`, so every required field is reported by name instead of one "expected object"; and a union reports the branch
 * the caller meant (phone + code, or phone + password) rather than all of them.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {}, { reportInput: true });
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };

/**
 * `data.fields` maps each failing field to a message key, `msg` is the first field's message, and the code is 4001
 * when the phone is the problem (spec: bad phone).
 */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of flatten(error.issues, [])) {
    const name = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    fields[name] ??= messageKey(issue);
  }
  const first = Object.values(fields)[0] ?? 'field.invalid';
  const key = fields.phone === 'phone.invalid' ? 'BAD_PHONE' : 'VALIDATION';
  // An accepted agreement that is no longer in force: the caller learns which one is, without another call.
  const outdated = Object.values(fields).includes('agreement.outdated');
  return new AppError(key, { fields, ...(outdated ? { versions: CONSENT_VERSIONS } : {}) }, first);
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
