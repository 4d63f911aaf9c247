import { describe, expect, it } from 'vitest';
import { MonotonicStatus } from '../../src/callbacks/monotonic-status.ts';

const disbursement = new MonotonicStatus(['REQUESTED', 'PENDING', ['COMPLETED', 'FAILED']] as const);

describe('MonotonicStatus', () => {
  it('moves only to a later stage', () => {
    expect(disbursement.canMove('REQUESTED', 'PENDING')).toBe(true);
    expect(disbursement.canMove('PENDING', 'COMPLETED')).toBe(true);
    expect(disbursement.canMove('REQUESTED', 'FAILED')).toBe(true);
    // Late arrivals and repeats move nothing.
    expect(disbursement.canMove('COMPLETED', 'PENDING')).toBe(false);
    expect(disbursement.canMove('PENDING', 'PENDING')).toBe(false);
    // Final siblings never replace each other: a FAILED after COMPLETED is not a change of heart.
    expect(disbursement.canMove('COMPLETED', 'FAILED')).toBe(false);
    expect(disbursement.canMove('FAILED', 'COMPLETED')).toBe(false);
  });

  it('names the statuses a row may hold for a move, for a single guarded UPDATE', () => {
    expect(disbursement.predecessorsOf('REQUESTED')).toEqual([]);
    expect(disbursement.predecessorsOf('PENDING')).toEqual(['REQUESTED']);
    expect(disbursement.predecessorsOf('FAILED')).toEqual(['REQUESTED', 'PENDING']);
  });

  it('knows its statuses and refuses unknown or repeated ones', () => {
    expect(disbursement.statuses).toEqual(['REQUESTED', 'PENDING', 'COMPLETED', 'FAILED']);
    expect(disbursement.isStatus('PENDING')).toBe(true);
    expect(disbursement.isStatus('pending')).toBe(false);
    expect(() => disbursement.canMove('PENDING', 'LOST' as 'FAILED')).toThrow(/unknown status/);
    expect(() => new MonotonicStatus(['A', ['B', 'A']])).toThrow(/twice/);
  });
});
