import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_PATTERN } from '@kaskita/domain/validation/password';
import { passwordWeakness } from '@kaskita/domain/validation/password-strength';
import { AppError } from '../http/app-error.ts';

/** How many of the most common leaked passwords are refused (of those the spec's pattern allows at all). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

/**
 * Common in Indonesia and absent from the international list: words people reach for first (love, secret, the
 * faith's opening words, the country, the app itself). Ours, kept short; the leaked list does the heavy lifting.
 */
const INDONESIAN = [
  'sayang',
  'sayangku',
  'cintaku',
  'bismillah',
  'indonesia',
  'rahasia',
  'kaskita',
  'pinjaman',
  'sayangkamu',
  'cintakamu',
  'katasandi',
  'merahputih',
  'garuda',
  'jakarta',
  'surabaya',
  'bandung',
];

/**
 * The most common passwords of leaked lists, from zxcvbn-ts's ranked dictionary (the list the ecosystem's password
 * strength estimators use), lower-cased: "Password1" is as guessable as "password1". Built once, on first use.
 */
let common: ReadonlySet<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    [
      ...dictionary['passwords-common']
        .filter((p) => PASSWORD_PATTERN.test(p))
        .slice(0, COMMON_PASSWORDS_REFUSED),
      ...INDONESIAN,
    ].map((p) => p.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}

/**
 * Refuses a password being chosen that is guessable: the checks the web app also makes (repeated, sequence, the
 * borrower's phone) and the common list it cannot carry. A field error like the schema's, in the caller's language.
 */
export function assertChoosablePassword(password: string, phone: string): void {
  const weakness =
    passwordWeakness(password, phone) ?? (isCommonPassword(password) ? 'password.common' : null);
  if (weakness) throw new AppError('VALIDATION', { fields: { password: weakness } }, weakness);
}
