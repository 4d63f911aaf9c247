import { describe, expect, it } from 'vitest';
import { VERIFY } from '../../src/contract/user.ts';
import { approvedLimitOf, availableLimit } from '../../src/credit/available-limit.ts';
import { rupiah } from '../../src/money/rupiah.ts';

const approved = { state: 'approved', limitAmount: rupiah(5_000_000) };

describe('approvedLimitOf', () => {
  it("is the latest application's limit while the borrower and that application are approved", () => {
    expect(approvedLimitOf(VERIFY.APPROVED, approved)).toBe(5_000_000);
  });

  it('is 0 for a borrower not (or no longer) approved, whatever the application says', () => {
    for (const verify of [VERIFY.UNAUDITED, VERIFY.AUDITING, VERIFY.REJECTED])
      expect(approvedLimitOf(verify, approved)).toBe(0);
  });

  it('is 0 without an application, when the latest is not approved, or approved without a limit', () => {
    expect(approvedLimitOf(VERIFY.APPROVED, null)).toBe(0);
    expect(approvedLimitOf(VERIFY.APPROVED, undefined)).toBe(0);
    expect(approvedLimitOf(VERIFY.APPROVED, { state: 'review', limitAmount: rupiah(5_000_000) })).toBe(0);
    expect(approvedLimitOf(VERIFY.APPROVED, { state: 'approved', limitAmount: null })).toBe(0);
  });
});

describe('availableLimit', () => {
  it('is the limit less what open loans use, never below 0, and 0 while the open loan is in arrears', () => {
    expect(availableLimit(rupiah(5_000_000), rupiah(2_000_000))).toBe(3_000_000);
    expect(availableLimit(rupiah(1_000_000), rupiah(2_000_000))).toBe(0);
    expect(availableLimit(rupiah(5_000_000), rupiah(2_000_000), 'active')).toBe(3_000_000);
    expect(availableLimit(rupiah(5_000_000), rupiah(2_000_000), 'overdue')).toBe(0);
  });
});
