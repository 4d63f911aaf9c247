import { describe, expect, it } from 'vitest';
import { withDraft } from './step-draft.ts';

const saved = {
  name: 'BUDI',
  gender: 1 as number | '',
  religion: '' as number | '',
  has_job: null as boolean | null,
  socials: [
    { relation: '' as number | '', name: '', phone: '' },
    { relation: '' as number | '', name: '', phone: '' },
  ],
};

describe('withDraft', () => {
  it('lays the draft over the saved values, field by field and into the contacts list', () => {
    const merged = withDraft(saved, {
      name: 'BUDI SANTOSO',
      religion: 2,
      has_job: true,
      socials: [{ relation: 3, name: 'Ani', phone: '0812' }, { name: 'Bayu' }],
    });
    expect(merged).toEqual({
      name: 'BUDI SANTOSO',
      gender: 1,
      religion: 2,
      has_job: true,
      socials: [
        { relation: 3, name: 'Ani', phone: '0812' },
        { relation: '', name: 'Bayu', phone: '' },
      ],
    });
  });

  it('keeps an emptied field empty, in the blank its field holds', () => {
    expect(withDraft(saved, { name: '', gender: '', has_job: null })).toMatchObject({
      name: '',
      gender: '',
      has_job: null,
    });
    expect(withDraft({ ...saved, has_job: true }, { has_job: '' }).has_job).toBeNull();
  });

  it('ignores what the form does not hold, or not of its kind', () => {
    const merged = withDraft(saved, {
      nik: '3273021708900001',
      gender: 'male',
      has_job: 'yes',
      name: { first: 'x' },
      religion: Number.NaN,
      socials: [{ name: 'only one' }],
    });
    expect(merged).toEqual(saved);
    expect(withDraft(saved, null)).toBe(saved);
  });
});
