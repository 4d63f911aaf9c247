import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_KEYS } from '../../lib/storage-keys.ts';
import { forgetBorrowChoice, storeBorrowChoice, storedBorrowChoice } from './borrow-choice-store.ts';

const choice = { pid: 'cash-loan', money: 2_000_000, period: 'month-3-3', purpose: 101 };
const stored = (value: string) => sessionStorage.setItem(SESSION_KEYS.borrowChoice, value);

describe('the borrowing form’s stored choice', () => {
  afterEach(() => sessionStorage.clear());

  it('reads back what the form stored, a purpose not yet chosen included, and nothing once forgotten', () => {
    storeBorrowChoice(choice);
    expect(storedBorrowChoice()).toEqual(choice);
    storeBorrowChoice({ ...choice, purpose: null });
    expect(storedBorrowChoice()).toEqual({ ...choice, purpose: null });
    forgetBorrowChoice();
    expect(storedBorrowChoice()).toBeNull();
  });

  it('reads anything else as no choice: not JSON, a missing or wrong field, an amount that is not whole rupiah', () => {
    for (const value of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ ...choice, pid: undefined }),
      JSON.stringify({ ...choice, purpose: undefined }),
      JSON.stringify({ ...choice, money: '2000000' }),
      JSON.stringify({ ...choice, money: 2_000_000.5 }),
      JSON.stringify({ ...choice, money: 0 }),
      JSON.stringify({ ...choice, purpose: -1 }),
      JSON.stringify({ ...choice, pid: 'x'.repeat(65) }),
      JSON.stringify({ ...choice, period: 'y'.repeat(33) }),
    ]) {
      stored(value);
      expect(storedBorrowChoice(), value).toBeNull();
    }
  });
});
