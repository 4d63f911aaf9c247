import { describe, expect, it } from 'vitest';
import {
  CONSENT_KINDS,
  CONSENT_TEXTS,
  KEPT_BY_CATEGORY,
  KEPT_RECORD_TEXTS,
  retainUntil,
  retentionCategory,
  WITHDRAWABLE_CONSENTS,
} from '../../src/legal/personal-data-rights.ts';

describe('how long a closed account’s records are kept', () => {
  it('5 years after a loan or an approval, 1 year after applications only, nothing otherwise', () => {
    expect(retentionCategory({ loans: 1, approvedApplications: 0, applications: 1 })).toBe('relationship');
    expect(retentionCategory({ loans: 0, approvedApplications: 1, applications: 1 })).toBe('relationship');
    expect(retentionCategory({ loans: 0, approvedApplications: 0, applications: 2 })).toBe('application');
    expect(retentionCategory({ loans: 0, approvedApplications: 0, applications: 0 })).toBe('none');
    expect(retainUntil('2026-03-02', 'relationship')).toBe('2031-03-02');
    expect(retainUntil('2026-03-02', 'application')).toBe('2027-03-02');
    expect(retainUntil('2026-03-02', 'none')).toBeNull();
  });

  it('counts a 29 February closure to 28 February', () => {
    expect(retainUntil('2028-02-29', 'application')).toBe('2029-02-28');
  });

  it('keeps nothing of an account that never applied, and tells every kept record in both languages', () => {
    expect(KEPT_BY_CATEGORY.none).toEqual([]);
    for (const record of KEPT_BY_CATEGORY.relationship) {
      expect(KEPT_RECORD_TEXTS[record]['id-ID']).not.toBe('');
      expect(KEPT_RECORD_TEXTS[record]['en-US']).not.toBe('');
    }
    // An account that never borrowed keeps no loans or payments.
    expect(KEPT_BY_CATEGORY.application).not.toContain('loans');
    expect(KEPT_BY_CATEGORY.application).not.toContain('payments');
  });
});

describe('consents', () => {
  it('each says what it is for and what withdrawing does, in both languages; terms are not withdrawn on their own', () => {
    for (const kind of CONSENT_KINDS)
      for (const text of [CONSENT_TEXTS[kind].purpose, CONSENT_TEXTS[kind].withdrawal]) {
        expect(text['id-ID'].length).toBeGreaterThan(20);
        expect(text['en-US'].length).toBeGreaterThan(20);
      }
    expect([...WITHDRAWABLE_CONSENTS].sort()).toEqual(['emergency_contacts', 'privacy']);
  });
});
