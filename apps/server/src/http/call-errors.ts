import type { CallDefinition } from '@kaskita/domain/contract/define-call';
import { ERRORS, type ErrorKey } from '@kaskita/domain/i18n/error-codes';

/** Errors any call may answer, whatever it does: listed once in the document's introduction. */
export const COMMON_ERRORS = [
  'VALIDATION',
  'MALFORMED_BODY',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'INTERNAL',
] as const satisfies readonly ErrorKey[];

const line = (key: ErrorKey) => `- ${ERRORS[key].code} ${key}: ${ERRORS[key].msg['en-US']}`;

/** A call's own errors from the catalogue, with codes and messages that cannot drift from what the server answers. */
export function describeErrors(call: CallDefinition): string {
  const keys: ErrorKey[] = [...(call.auth ? (['SESSION_LOST'] as const) : []), ...call.errors];
  const own = [...new Set(keys)].filter((k) => !(COMMON_ERRORS as readonly ErrorKey[]).includes(k));
  if (own.length === 0) return 'Errors: only those every call may answer.';
  return `Errors besides those every call may answer:\n${own.map(line).join('\n')}`;
}

/** The table of common errors for the document's introduction. */
export function describeCommonErrors(): string {
  return COMMON_ERRORS.map(line).join('\n');
}
