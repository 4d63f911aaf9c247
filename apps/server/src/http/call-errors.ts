import type { CallDefinition } from '@kaskita/domain/contract/define-call';
import { ERRORS, type ErrorKey } from '@kaskita/domain/i18n/error-codes';

/** Errors any call may answer, whatever it does: listed once in the document's introduction. */
export const COMMON_ERRORS = [
  'VALIDATION',
  'MALFORMED_BODY',
  'CROSS_SITE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'HEADERS_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'INTERNAL',
] as const satisfies readonly ErrorKey[];

/** What an uploaded photo is refused with (http/uploaded-image.ts), whatever the call. */
const UPLOAD_ERRORS = [
  'IMAGE_TOO_LARGE',
  'NOT_AN_IMAGE',
  'IMAGE_TYPE_MISMATCH',
  'IMAGE_DIMENSIONS',
] as const satisfies readonly ErrorKey[];

/** Errors as a markdown list with their codes and messages, from the catalogue so they cannot drift. */
export const listErrors = (keys: readonly ErrorKey[]): string =>
  keys.map((key) => `- ${ERRORS[key].code} ${key}: ${ERRORS[key].msg['en-US']}`).join('\n');

/** A call's own errors, besides the common ones. */
function ownErrors(call: CallDefinition): ErrorKey[] {
  const keys: ErrorKey[] = [
    ...(call.auth ? (['SESSION_LOST'] as const) : []),
    ...staffAccessErrors(call),
    ...call.errors,
    ...(call.upload ? UPLOAD_ERRORS : []),
  ];
  return [...new Set(keys)].filter((k) => !(COMMON_ERRORS as readonly ErrorKey[]).includes(k));
}

/** Every error a call may answer: those of any call, then its own. */
export function callErrorKeys(call: CallDefinition): ErrorKey[] {
  return [...COMMON_ERRORS, ...ownErrors(call)];
}

export function describeErrors(call: CallDefinition): string {
  const own = ownErrors(call);
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
