import { describe, expect, it } from 'vitest';
import { overdueNoticeFor, reminderFor } from '../../src/collection/reminders.ts';

describe('bill reminders', () => {
  it('fires exactly 3 days, 1 day and 0 days before the due date', () => {
    const due = '2026-03-10';
    const days = ['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11'];
    expect(days.map((d) => reminderFor(due, d))).toEqual([
      null,
      'due-in-3-days',
      null,
      'due-in-1-day',
      'due-today',
      null,
    ]);
  });
  it('counts calendar days across a year end', () => {
    expect(reminderFor('2027-01-02', '2026-12-30')).toBe('due-in-3-days');
    expect(reminderFor('2027-01-01', '2026-12-31')).toBe('due-in-1-day');
  });
});

describe('overdue notices', () => {
  it('counts days late from the day after the due date', () => {
    const due = '2026-03-10';
    expect(overdueNoticeFor(due, '2026-03-09')).toBeNull();
    expect(overdueNoticeFor(due, '2026-03-10')).toBeNull();
    expect(overdueNoticeFor(due, '2026-03-11')).toBe(1);
    expect(overdueNoticeFor(due, '2026-04-09')).toBe(30);
  });
});
