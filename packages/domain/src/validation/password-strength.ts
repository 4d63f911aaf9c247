import { localPhone } from './phone.ts';

/** Why a password that fits the spec's pattern is still refused: the message keys of validation-messages.ts. */
export type PasswordWeakness = 'password.repeated' | 'password.sequence' | 'password.phone';

/** The shortest run of a phone's digits that counts as "the phone": its last six digits are a guess away. */
const PHONE_RUN = 6;

/** `000000`, `aaaaaaa`, `121212`, `abcabc`: one to three characters repeated. */
const REPEATED = /^(.{1,3})\1+$/i;

/** `123456`, `654321`, `abcdef`, `98765`: each character one step from the last, always the same way. */
function isSequence(password: string): boolean {
  const codes = [...password.toLowerCase()].map((ch) => ch.charCodeAt(0));
  const step = (codes[1] ?? 0) - (codes[0] ?? 0);
  if (step !== 1 && step !== -1) return false;
  return codes.every((code, i) => i === 0 || code - (codes[i - 1] ?? 0) === step);
}

/** A run of the borrower's own phone number (08..., 62... or the part after the prefix), six digits or more. */
function isPhoneDerived(password: string, phone: string | undefined): boolean {
  if (!phone || !/^\d+$/.test(password) || password.length < PHONE_RUN) return false;
  return phone.includes(password) || localPhone(phone).includes(password);
}

/**
 * The guessable passwords the spec's pattern (6-20 letters or digits) lets through, checked the same on the phone and
 * on the server. `phone` is the normalised phone (62...) when the form knows it. The server also refuses the most
 * common passwords of leaked lists (apps/server/src/security/password-policy.ts), a list too big for the web app.
 */
export function passwordWeakness(password: string, phone?: string): PasswordWeakness | null {
  if (REPEATED.test(password)) return 'password.repeated';
  if (isSequence(password)) return 'password.sequence';
  if (isPhoneDerived(password, phone)) return 'password.phone';
  return null;
}
