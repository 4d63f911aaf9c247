import { describe, expect, it } from 'vitest';
import { ageOn, nikIssueField, nikIssues, nikSchema, parseNik } from '../../src/validation/nik.ts';

const TODAY = '2026-11-24';

describe('parseNik', () => {
  it('reads the district, the birth date and the gender (day + 40 for women)', () => {
    expect(parseNik('3273021708900001')).toEqual({
      districtCode: '32.73.02',
      day: 17,
      month: 8,
      yearOfCentury: 90,
      gender: 1,
    });
    expect(parseNik('3273025708900001')).toMatchObject({ day: 17, gender: 2 });
  });

  it('is null for anything but 16 digits', () => {
    expect(parseNik('327302170890000')).toBeNull();
    expect(parseNik('32730217089000011')).toBeNull();
    expect(parseNik('327302170890000a')).toBeNull();
  });
});

describe('nikIssues', () => {
  const man = { nik: '3273021708900001', birthDate: '1990-08-17', gender: 1 };

  it('accepts a NIK that matches the birth date and gender of an eligible borrower', () => {
    expect(nikIssues(man, TODAY)).toEqual([]);
    expect(nikIssues({ nik: '3273025708900001', birthDate: '1990-08-17', gender: 2 }, TODAY)).toEqual([]);
  });

  it('names each mismatch on its own', () => {
    expect(nikIssues({ ...man, birthDate: '1990-08-18' }, TODAY)).toEqual(['nik.birth_date_mismatch']);
    expect(nikIssues({ ...man, birthDate: '1980-08-17' }, TODAY)).toEqual(['nik.birth_date_mismatch']);
    expect(nikIssues({ ...man, gender: 2 }, TODAY)).toEqual(['nik.gender_mismatch']);
  });

  it('refuses a date part that is no calendar date', () => {
    expect(nikIssues({ ...man, nik: '3273023213900001' }, TODAY)).toContain('nik.date'); // month 13
    expect(nikIssues({ ...man, nik: '3273023202900001' }, TODAY)).toContain('nik.date'); // 32 February
    expect(nikIssues({ ...man, nik: '3273027202900001' }, TODAY)).toContain('nik.date'); // 72-40 = 32
    expect(nikIssues({ ...man, nik: '3273020008900001' }, TODAY)).toContain('nik.date'); // day 0
  });

  it('accepts 29 February only in a leap year', () => {
    expect(nikIssues({ nik: '3273022902000001', birthDate: '2000-02-29', gender: 1 }, '2026-03-01')).toEqual(
      [],
    );
    expect(nikIssues({ nik: '3273022902010001', birthDate: '2001-02-28', gender: 1 }, TODAY)).toContain(
      'nik.date',
    );
  });

  it('keeps to ages 21 to 60 on the business date, birthdays included', () => {
    const born = (birthDate: string) => {
      const [y, m, d] = birthDate.split('-');
      return { nik: `327302${d}${m}${y!.slice(2)}0001`, birthDate, gender: 1 };
    };
    expect(nikIssues(born('2005-11-24'), TODAY)).toEqual([]); // 21 today
    expect(nikIssues(born('2005-11-25'), TODAY)).toEqual(['birth_date.age']); // 21 tomorrow
    expect(nikIssues(born('1965-11-25'), TODAY)).toEqual([]); // 60, 61 tomorrow
    expect(nikIssues(born('1965-11-24'), TODAY)).toEqual(['birth_date.age']); // 61 today
  });
});

describe('nikIssueField', () => {
  it('puts the age under the birth date and every NIK rule under the NIK', () => {
    expect(nikIssueField('birth_date.age')).toBe('birth_date');
    for (const issue of [
      'nik.invalid',
      'nik.date',
      'nik.birth_date_mismatch',
      'nik.gender_mismatch',
    ] as const)
      expect(nikIssueField(issue)).toBe('cardid');
  });
});

describe('ageOn', () => {
  it('counts whole years', () => {
    expect(ageOn('2000-02-29', '2021-02-28')).toBe(20);
    expect(ageOn('2000-02-29', '2021-03-01')).toBe(21);
  });
});

describe('nikSchema', () => {
  it('drops spaces and dashes, then wants 16 digits', () => {
    expect(nikSchema.parse(' 3273 0217 0890 0001 ')).toBe('3273021708900001');
    expect(nikSchema.safeParse('3273-0217-0890-001').error?.issues[0]?.message).toBe('nik.invalid');
    expect(nikSchema.safeParse('').error?.issues[0]?.message).toBe('nik.required');
  });
});
