import type { CallDefinition } from '@kaskita/domain/contract/define-call';
import { ERRORS, type ErrorKey } from '@kaskita/domain/i18n/error-codes';

/** Errors any call may answer, whatever it does: listed once in the document's introduction. */
export const COMMON_ERRORS = [
  'VALIDATION',
  'MALFORMED_BODY',
  'CROSS_SITE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'INTERNAL',
] as const satisfies readonly ErrorKey[];

/** Errors as a markdown list with their codes and messages, from the catalogue so they cannot drift. */
export const listErrors = (keys: readonly ErrorKey[]): string =>
  keys.map((key) => `- ${ERRORS[key].code} ${key}: ${ERRORS[key].msg['en-US']}`).join('\n');

/** A call's own errors, besides the common ones. */
export function describeErrors(call: CallDefinition): string {
  const keys: ErrorKey[] = [
    ...(call.auth ? (['SESSION_LOST'] as const) : []),
    ...staffAccessErrors(call),
    ...call.errors,
  ];
  const own = [...new Set(keys)].filter((k) => !(COMMON_ERRORS as readonly ErrorKey[]).includes(k));
  if (own.length === 0) return 'Errors: only those every call may answer.';
  return `Errors besides those every call may answer:\n${listErrors(own)}`;
}

/** What a back-office call answers a token that does not open it (plugins/staff-auth-plugin.ts). */
function staffAccessErrors(call: CallDefinition): ErrorKey[] {
  if (!call.staff) return [];
  if (call.staff === 'password') return ['SESSION_LOST'];
  if (call.staff === 'two_factors') return ['SESSION_LOST', 'STAFF_SECOND_FACTOR_REQUIRED'];
  const verified: ErrorKey[] = [
    'SESSION_LOST',
    'STAFF_SECOND_FACTOR_REQUIRED',
    'STAFF_PASSWORD_CHANGE_REQUIRED',
  ];
  return call.staff === 'verified' ? verified : [...verified, 'FORBIDDEN'];
}

/** The table of common errors for the document's introduction. */
export function describeCommonErrors(): string {
  return listErrors(COMMON_ERRORS);
}
