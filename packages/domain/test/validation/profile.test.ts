import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { VALIDATION_MESSAGES } from '../../src/i18n/validation-messages.ts';
import {
  bankAccountSchema,
  baseProfileSchema,
  jobInfoSchema,
  ktpIdentitySchema,
  otherInfoSchema,
  socialSchema,
} from '../../src/validation/profile.ts';

/** field -> message key of every issue, as the server reports them. */
function issues(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

const base = {
  education: '6',
  mother_maiden_name: 'Siti Aminah',
  province: '32',
  city: '32.73',
  districts: '32.73.02',
  sub_districts: '32.73.02.1001',
  address: 'Jl. Dago No. 10',
  zip_code: '40135',
  live_duration: '3',
};

const job = {
  has_job: '1',
  career: '1',
  income_source: '1',
  salary: '3',
  salary_day: '25',
  income: '6.500.000',
  spending: '3000000',
  other_loan_status: '3',
  other_platforms: '0',
};

const contacts = [
  { relation: 2, name: 'Dewi Lestari', phone: '081234567001' },
  { relation: 7, name: 'Andi Wijaya', phone: '+62 812-3456-7002' },
];
const social = {
  socials: JSON.stringify(contacts),
  contact_consent: '1',
  expect_amount: '3000000',
  expect_period: '6',
};

describe('onboarding schemas', () => {
  it('turn form strings into typed values', () => {
    expect(baseProfileSchema.parse(base)).toMatchObject({
      education: 6,
      live_duration: 3,
      zip_code: '40135',
    });
    expect(jobInfoSchema.parse(job)).toMatchObject({
      has_job: true,
      career: 1,
      income: 6_500_000,
      salary_day: 25,
    });
    expect(socialSchema.parse(social).socials[1]).toEqual({
      relation: 7,
      name: 'Andi Wijaya',
      phone: '6281234567002',
    });
    expect(otherInfoSchema.parse({ email: ' Budi@Example.COM ', residential_status: '1' })).toEqual({
      email: 'budi@example.com',
      residential_status: 1,
    });
  });

  it('report each missing field with its own message (spec section 5)', () => {
    expect(issues(baseProfileSchema, {})).toEqual({
      education: 'education.required',
      mother_maiden_name: 'mother_maiden_name.required',
      province: 'province.required',
      city: 'city.required',
      districts: 'district.required',
      sub_districts: 'sub_district.required',
      address: 'address.required',
      zip_code: 'zip_code.required',
      live_duration: 'live_duration.required',
    });
    expect(issues(ktpIdentitySchema, { cardid: '', name: ' ', birth_date: '' })).toEqual({
      cardid: 'nik.required',
      name: 'name.required',
      birth_date: 'birth_date.required',
      gender: 'gender.required',
      religion: 'religion.required',
      marriage: 'marriage.required',
    });
  });

  it('use only keys that have messages in both languages', () => {
    const keys = [
      ...Object.values(issues(baseProfileSchema, {})),
      ...Object.values(issues(jobInfoSchema, {})),
      ...Object.values(issues(socialSchema, {})),
      ...Object.values(issues(bankAccountSchema, {})),
      ...Object.values(issues(otherInfoSchema, {})),
    ];
    for (const key of keys) expect(VALIDATION_MESSAGES, key).toHaveProperty(key);
  });

  it('check the limits of spec section 5', () => {
    expect(issues(baseProfileSchema, { ...base, zip_code: '4013' }).zip_code).toBe('zip_code.invalid');
    expect(issues(jobInfoSchema, { ...job, income: '9999' }).income).toBe('money.range');
    expect(issues(jobInfoSchema, { ...job, spending: '100000001' }).spending).toBe('money.range');
    expect(issues(jobInfoSchema, { ...job, career: '6' }).career).toBe('field.invalid'); // retired work type
    // The exact income falls in the range chosen (both bounds included), or it is refused beside the income.
    expect(issues(jobInfoSchema, { ...job, salary: '2', income: '4000001' }).income).toBe(
      'income.outside_range',
    );
    expect(issues(jobInfoSchema, { ...job, salary: '4', income: '8000000' }).income).toBe(
      'income.outside_range',
    );
    expect(issues(jobInfoSchema, { ...job, salary: '1', income: '2000000' }).income).toBe(
      'income.outside_range',
    );
    expect(issues(jobInfoSchema, { ...job, salary: '2', income: '4000000' }).income).toBeUndefined();
    expect(issues(jobInfoSchema, { ...job, salary: '4', income: '8000001' }).income).toBeUndefined();
    expect(issues(socialSchema, { ...social, expect_amount: '399999' }).expect_amount).toBe(
      'expect_amount.range',
    );
    expect(issues(socialSchema, { ...social, expect_period: '7' }).expect_period).toBe('expect_period.range');
    expect(issues(bankAccountSchema, { bank: 'BCA', card_num: '12345678', name: 'Budi' }).card_num).toBe(
      'card_num.invalid',
    );
    expect(
      issues(bankAccountSchema, { bank: 'BCA', card_num: '12345678901234567', name: 'Budi' }).card_num,
    ).toBe('card_num.invalid');
    expect(issues(ktpIdentitySchema, { birth_date: '1949-12-31' }).birth_date).toBe('birth_date.invalid');
  });

  it('ask for a work type only of a borrower with a job', () => {
    expect(issues(jobInfoSchema, { ...job, career: '' }).career).toBe('career.required');
    expect(jobInfoSchema.parse({ ...job, has_job: '0', career: '' }).career).toBeNull();
    expect(jobInfoSchema.parse({ ...job, has_job: '0', career: '1' }).career).toBeNull();
  });

  it('want two contacts with different phones and consent to contact them', () => {
    const same = [contacts[0], { ...contacts[1], phone: '0812-3456-7001' }];
    expect(issues(socialSchema, { ...social, socials: JSON.stringify(same) })).toEqual({
      'socials.1.phone': 'contact.same_phone',
    });
    expect(issues(socialSchema, { ...social, socials: JSON.stringify([contacts[0]]) }).socials).toBe(
      'socials.invalid',
    );
    expect(issues(socialSchema, { ...social, socials: 'not json' }).socials).toBe('socials.invalid');
    expect(issues(socialSchema, { ...social, contact_consent: '0' }).contact_consent).toBe(
      'contact_consent.required',
    );
    expect(issues(socialSchema, { ...social, contact_consent: undefined }).contact_consent).toBe(
      'contact_consent.required',
    );
  });
});
