import { beforeEach, describe, expect, it } from 'vitest';
import { achievementUnlocked, trackAchievement } from './achievement.ts';
import { changedAmountOf } from './repayment-codes.ts';
import { groupDigits } from './repayment-format.ts';
import { formatWib } from '../../lib/wib-time.ts';

describe('achievement (spec section 4)', () => {
  beforeEach(() => {
    window.dataLayer = [];
  });

  it.each([
    [[], false],
    [[{ status: 'applied' }], true],
    [[{ status: 'review' }], false],
    [[{ status: 'review' }, { status: 'review' }], true],
    [[{ status: 'applied' }, { status: 'review' }], true],
  ] as const)('%j -> %s', (records, unlocked) => expect(achievementUnlocked(records)).toBe(unlocked));

  it('is sent once per borrower (named by the first payment), again for another borrower', () => {
    trackAchievement([{ status: 'applied', payment_id: 'a1' }]);
    trackAchievement([
      { status: 'applied', payment_id: 'a2' },
      { status: 'applied', payment_id: 'a1' },
    ]);
    expect(window.dataLayer).toEqual([{ event: 'H5_achievement_unlocked', payments: 1 }]);
    trackAchievement([{ status: 'applied', payment_id: 'b1' }]);
    expect(window.dataLayer).toHaveLength(2);
  });
});

describe('repayment formats', () => {
  it('an instant in WIB whatever the phone zone', () => {
    expect(formatWib('2026-04-06T03:30:00.000Z')).toBe('06/04/2026 10:30 WIB');
    expect(formatWib('2026-04-05T17:05:00.000Z')).toBe('06/04/2026 00:05 WIB');
    expect(formatWib('not a time')).toBe('');
  });

  it('long numbers in groups of four; short codes and letters as they are', () => {
    expect(groupDigits('3901088812345678')).toBe('3901 0888 1234 5678');
    expect(groupDigits('889081234')).toBe('8890 8123 4');
    expect(groupDigits('88908')).toBe('88908');
    expect(groupDigits('KSKT12345678')).toBe('KSKT12345678');
  });

  it("a 4312 answer's new amount, or null for anything else", () => {
    expect(changedAmountOf({ amount: 1_105_000, bill_number: 1 })).toEqual({
      amount: 1_105_000,
      billNumber: 1,
    });
    expect(changedAmountOf({ amount: 2_000_000, bill_number: null })).toEqual({
      amount: 2_000_000,
      billNumber: null,
    });
    expect(changedAmountOf({ amount: '1' })).toBeNull();
    expect(changedAmountOf(null)).toBeNull();
  });
});
