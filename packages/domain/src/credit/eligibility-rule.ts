import { dateParts } from '../pricing/business-date.ts';
import type { CreditInputs, RuleOutcome } from './credit-inputs.ts';
import type { CreditReasonCode } from './reasons.ts';

export const MIN_AGE = 21;
export const MAX_AGE = 60;

/** Full years between a birth date and a date (a 29 February birthday comes on 1 March in other years). */
export function ageOn(birthDate: string, date: string): number {
  const b = dateParts(birthDate);
  const d = dateParts(date);
  const hadBirthday = d.m > b.m || (d.m === b.m && d.d >= b.d);
  return d.y - b.y - (hadBirthday ? 0 : 1);
}

/** Who may borrow at all (spec section 5): 21-60 on the business date, KTP confirmed, own bank account, both checks. */
export function eligibilityRule(inputs: CreditInputs): RuleOutcome {
  const age = inputs.birthDate ? ageOn(inputs.birthDate, inputs.businessDate) : null;
  const reasons: CreditReasonCode[] = [];
  if (!inputs.ktpConfirmed) reasons.push('ktp_missing');
  if (age === null || age < MIN_AGE || age > MAX_AGE) reasons.push('age_out_of_range');
  if (!inputs.bankAccountVerified) reasons.push('bank_account_unverified');
  if (!inputs.facePassed) reasons.push('face_not_passed');
  if (!inputs.whatsappVerified) reasons.push('whatsapp_unverified');
  return {
    rule: 'eligibility',
    passed: reasons.length === 0,
    reasons,
    facts: {
      age,
      ktpConfirmed: inputs.ktpConfirmed,
      bankAccountVerified: inputs.bankAccountVerified,
      facePassed: inputs.facePassed,
      whatsappVerified: inputs.whatsappVerified,
    },
  };
}
