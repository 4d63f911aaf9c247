import { describe, expect, it } from 'vitest';
import { IllegalTransitionError, transitionBill } from '../../src/lifecycle/bill-state.ts';
import { billStatusOf, historyGroupOf, transitionLoan } from '../../src/lifecycle/loan-state.ts';

describe('bill state machine', () => {
  it('allows the documented transitions only', () => {
    expect(transitionBill('pending', 'fall-due')).toBe('overdue');
    expect(transitionBill('overdue', 'pay-off')).toBe('paid');
    expect(() => transitionBill('paid', 'pay-off')).toThrow(IllegalTransitionError);
    expect(() => transitionBill('overdue', 'fall-due')).toThrow(IllegalTransitionError);
    expect(() => transitionBill('written-off', 'pay-off')).toThrow(/illegal bill transition/);
  });
});

describe('loan state machine', () => {
  it('follows the loan flow and refuses illegal moves', () => {
    let s = transitionLoan('awaiting-disbursement', 'fail-disbursement');
    expect(s).toBe('disbursement-failed');
    s = transitionLoan(s, 'resubmit');
    s = transitionLoan(s, 'disburse');
    s = transitionLoan(s, 'fall-overdue');
    s = transitionLoan(s, 'cure');
    expect(transitionLoan(s, 'pay-off')).toBe('paid-off');
    expect(() => transitionLoan('paid-off', 'disburse')).toThrow(IllegalTransitionError);
    expect(() => transitionLoan('active', 'write-off')).toThrow(IllegalTransitionError);
    // No recovery accounting yet: a written-off loan is terminal.
    expect(transitionLoan('overdue', 'write-off')).toBe('written-off');
    expect(() => transitionLoan('written-off', 'pay-off')).toThrow(IllegalTransitionError);
  });
  it('maps onto the spec bill_status 0-4 and history groups', () => {
    expect(billStatusOf(null)).toBe(0);
    expect(billStatusOf('awaiting-disbursement')).toBe(1);
    expect(billStatusOf('overdue')).toBe(2);
    expect(billStatusOf('paid-off')).toBe(3);
    expect(billStatusOf('disbursement-failed')).toBe(4);
    expect(historyGroupOf('active', false)).toBe('not_paid');
    expect(historyGroupOf('active', true)).toBe('overdue');
    expect(historyGroupOf('overdue', false)).toBe('overdue');
    expect(historyGroupOf('written-off', false)).toBe('overdue');
    expect(historyGroupOf('disbursement-failed', false)).toBe('failed');
    expect(historyGroupOf('cancelled', false)).toBe('cancelled');
    expect(historyGroupOf('awaiting-disbursement', false)).toBe('awaiting');
    expect(historyGroupOf('paid-off', false)).toBe('paid_off');
    expect(historyGroupOf('paid-off', true)).toBe('paid_off');
  });
});
