import { describe, expect, it } from 'vitest';
import { rupiah } from '../../src/money/rupiah.ts';
import { bureauWaitOver, reviewFlagsOf, type ReviewRules } from '../../src/credit/review-rules.ts';

const RULES: ReviewRules = {
  incomeRangeFactor: 3,
  faceDistanceFrom: 0.45,
  bureauUnavailableAfterMinutes: 120,
};
const facts = (
  salaryRange: number | null,
  income: number,
  faceDistance: number | null = 0.2,
  faceLive = true,
) => ({ salaryRange, monthlyIncome: rupiah(income), faceDistance, faceLive });

describe('review rules', () => {
  it('flags an income above the factor times the top of its range, never one in the open top range', () => {
    expect(reviewFlagsOf(facts(1, 6_000_000), RULES)).toEqual([]); // exactly 3 x 2,000,000
    expect(reviewFlagsOf(facts(1, 6_000_001), RULES)).toEqual(['income_above_range']);
    expect(reviewFlagsOf(facts(3, 24_000_001), RULES)).toEqual(['income_above_range']);
    expect(reviewFlagsOf(facts(4, 900_000_000), RULES)).toEqual([]);
    expect(reviewFlagsOf(facts(null, 900_000_000), RULES)).toEqual([]);
  });

  it('flags a passed face distance from the configured value up, and not an unmeasured one', () => {
    expect(reviewFlagsOf(facts(3, 5_000_000, 0.4499), RULES)).toEqual([]);
    expect(reviewFlagsOf(facts(3, 5_000_000, 0.45), RULES)).toEqual(['face_distance_near_threshold']);
    expect(reviewFlagsOf(facts(3, 5_000_000, null), RULES)).toEqual([]);
    expect(reviewFlagsOf(facts(1, 9_000_000, 0.49), RULES)).toEqual([
      'income_above_range',
      'face_distance_near_threshold',
    ]);
  });

  it('hands a selfie that passed without the live check to a person, whatever its distance', () => {
    expect(reviewFlagsOf(facts(3, 5_000_000, 0.1, false), RULES)).toEqual(['face_not_live_checked']);
    expect(reviewFlagsOf(facts(3, 5_000_000, 0.46, false), RULES)).toEqual([
      'face_distance_near_threshold',
      'face_not_live_checked',
    ]);
    expect(reviewFlagsOf(facts(3, 5_000_000, 0.1, true), RULES)).toEqual([]);
  });

  it('hands a silent bureau to a person only once the configured wait is over', () => {
    const submitted = new Date('2026-03-02T03:00:00Z');
    expect(bureauWaitOver(submitted, new Date('2026-03-02T04:59:59Z'), RULES)).toBe(false);
    expect(bureauWaitOver(submitted, new Date('2026-03-02T05:00:00Z'), RULES)).toBe(true);
  });
});
