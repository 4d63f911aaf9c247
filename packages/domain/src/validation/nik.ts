import { z } from 'zod';
import { GENDER_CODE } from '../i18n/profile-options.ts';
import { dateParts, daysInMonth, type BusinessDate } from '../pricing/business-date.ts';

/** Eligible ages (spec section 1 and 5), inclusive, on the business date. */
export const MIN_BORROWER_AGE = 21;
export const MAX_BORROWER_AGE = 60;

/**
 * The parts of a NIK (Nomor Induk Kependudukan), the KTP's 16 digits: PPKKDD (province, regency, district of
 * registration), DDMMYY (birth date, with 40 added to the day for women), then a 4-digit serial.
 */
export interface NikParts {
  /** The registration district as a dotted region code, e.g. `32.73.02` (the regions data's form). */
  districtCode: string;
  day: number;
  month: number;
  /** Two digits: the century is not in the NIK. */
  yearOfCentury: number;
  gender: (typeof GENDER_CODE)[keyof typeof GENDER_CODE];
}

/** The NIK without spaces, dots or dashes people type or OCR reads; digits only when it is a NIK at all. */
export function normaliseNik(input: string): string {
  return input.replace(/[\s.-]/g, '');
}

/** The parts of a 16-digit NIK, or null when it is not 16 digits. Says nothing yet about whether they are real. */
export function parseNik(nik: string): NikParts | null {
  if (!/^\d{16}$/.test(nik)) return null;
  const rawDay = Number(nik.slice(6, 8));
  const female = rawDay > 40;
  return {
    districtCode: `${nik.slice(0, 2)}.${nik.slice(2, 4)}.${nik.slice(4, 6)}`,
    day: female ? rawDay - 40 : rawDay,
    month: Number(nik.slice(8, 10)),
    yearOfCentury: Number(nik.slice(10, 12)),
    gender: female ? GENDER_CODE.FEMALE : GENDER_CODE.MALE,
  };
}

/** True when the NIK's date part is a calendar date in the 1900s or the 2000s (29 February needs a leap year). */
function isRealDate({ day, month, yearOfCentury }: NikParts): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return [1900, 2000].some((century) => day <= daysInMonth(century + yearOfCentury, month));
}

/** Whole years from `birthDate` to `today`, both business dates. */
export function ageOn(birthDate: BusinessDate, today: BusinessDate): number {
  const b = dateParts(birthDate);
  const t = dateParts(today);
  const hadBirthday = t.m > b.m || (t.m === b.m && t.d >= b.d);
  return t.y - b.y - (hadBirthday ? 0 : 1);
}

/** The message keys of the NIK rules (VALIDATION_MESSAGES), each checked on its own. */
export type NikIssue =
  'nik.invalid' | 'nik.date' | 'nik.birth_date_mismatch' | 'nik.gender_mismatch' | 'birth_date.age';

export interface IdentityToCheck {
  nik: string;
  /** `YYYY-MM-DD`, as the borrower confirmed it. */
  birthDate: BusinessDate;
  gender: number;
}

/**
 * Every NIK rule that can be decided without the regions data, in the order a borrower would fix them. The server
 * adds `nik.region` (the first six digits name a real district) and `nik.registered` (4263).
 */
export function nikIssues(identity: IdentityToCheck, today: BusinessDate): NikIssue[] {
  const parts = parseNik(identity.nik);
  if (!parts) return ['nik.invalid'];
  const issues: NikIssue[] = [];
  if (!isRealDate(parts)) issues.push('nik.date');
  else {
    const birth = dateParts(identity.birthDate);
    const matches = birth.d === parts.day && birth.m === parts.month && birth.y % 100 === parts.yearOfCentury;
    if (!matches) issues.push('nik.birth_date_mismatch');
  }
  if (identity.gender !== parts.gender) issues.push('nik.gender_mismatch');
  const age = ageOn(identity.birthDate, today);
  if (age < MIN_BORROWER_AGE || age > MAX_BORROWER_AGE) issues.push('birth_date.age');
  return issues;
}

/** The KTP field an issue is shown under: the age is the birth date's to fix, every other issue the NIK's. */
export function nikIssueField(issue: NikIssue): 'cardid' | 'birth_date' {
  return issue === 'birth_date.age' ? 'birth_date' : 'cardid';
}

/** A NIK field: spaces and dashes dropped, then exactly 16 digits. */
export const nikSchema = z
  .string({ error: 'nik.required' })
  .trim()
  .min(1, { error: 'nik.required' })
  .transform(normaliseNik)
  .pipe(z.string().regex(/^\d{16}$/, { error: 'nik.invalid' }));
