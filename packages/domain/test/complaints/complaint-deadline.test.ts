import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  DEFAULT_HOLIDAY_CALENDAR,
  HOLIDAYS_2026,
  holidayCalendar,
  isWorkingDay,
  workingDaysBetween,
} from '../../src/collection/holidays.ts';
import {
  COMPLAINT_ANSWER_WORKING_DAYS,
  complaintAnswerBy,
  deadlineStanding,
  extendedAnswerBy,
} from '../../src/complaints/complaint-deadline.ts';
import { addDays, businessDateAt } from '../../src/pricing/business-date.ts';

const holidays = DEFAULT_HOLIDAY_CALENDAR;
/** A Jakarta wall-clock time as an instant (WIB is UTC+7 all year). */
const wib = (local: string) => new Date(`${local}+07:00`);

describe('the answer deadline (POJK 22/2023: 10 working days from receipt)', () => {
  it.each([
    // Monday, no holiday within: Monday two weeks on.
    ['2026-03-02T10:00', '2026-03-16'],
    // Sunday 23:59 is Sunday: counted from Monday, the tenth working day is Friday 13 March.
    ['2026-03-01T23:59', '2026-03-13'],
    // Monday 00:30 WIB is still Sunday in UTC, but Monday in Jakarta: the receiving Monday counts for nothing.
    ['2026-03-02T00:30', '2026-03-16'],
    // Saturday 14 March: Nyepi (19th) and Idulfitri (21st-22nd, a weekend) on the way; cuti bersama days still count.
    ['2026-03-14T09:00', '2026-03-30'],
    // Mid December: Christmas (25th) skipped.
    ['2026-12-14T15:00', '2026-12-29'],
    // Late December: Christmas, New Year's Day 2027 and the estimated Isra Mikraj of 5 January 2027 skipped.
    ['2026-12-21T08:00', '2027-01-07'],
  ])('filed %s WIB: answer by %s', (filed, answerBy) => {
    expect(complaintAnswerBy(wib(filed), holidays)).toBe(answerBy);
  });

  it('needs 2027’s holidays for a case filed in late December 2026', () => {
    const only2026 = holidayCalendar(HOLIDAYS_2026);
    // Without them the deadline would fall on 5 January, which the 2027 table marks as a holiday.
    expect(complaintAnswerBy(wib('2026-12-21T08:00'), only2026)).toBe('2027-01-05');
    expect(complaintAnswerBy(wib('2026-12-21T08:00'), holidays)).toBe('2027-01-07');
  });

  it('extends once by 10 more working days from the first deadline', () => {
    expect(extendedAnswerBy('2027-01-07', holidays)).toBe('2027-01-21');
    // Over Nyepi and Idulfitri 2027 (estimated 9-11 March): three working days fewer in that week.
    expect(extendedAnswerBy('2027-03-05', holidays)).toBe('2027-03-24');
  });

  it('always lands on a working day exactly 10 working days after the receiving day, whatever the calendar', () => {
    const instant = fc.date({
      min: new Date('2025-12-01T00:00:00Z'),
      max: new Date('2027-10-31T00:00:00Z'),
      noInvalidDate: true,
    });
    // Any set of extra holidays within the period: the maths may not depend on the table's contents.
    const extra = fc.array(fc.integer({ min: 0, max: 760 }), { maxLength: 40 });
    fc.assert(
      fc.property(instant, extra, (filedAt, offsets) => {
        const calendar = holidayCalendar([...holidays, ...offsets.map((n) => addDays('2025-12-01', n))]);
        const filedOn = businessDateAt(filedAt);
        const answerBy = complaintAnswerBy(filedAt, calendar);
        expect(answerBy > filedOn).toBe(true);
        expect(isWorkingDay(answerBy, calendar)).toBe(true);
        expect(workingDaysBetween(filedOn, answerBy, calendar)).toBe(COMPLAINT_ANSWER_WORKING_DAYS);
        const extended = extendedAnswerBy(answerBy, calendar);
        expect(isWorkingDay(extended, calendar)).toBe(true);
        expect(workingDaysBetween(answerBy, extended, calendar)).toBe(10);
        expect(workingDaysBetween(filedOn, extended, calendar)).toBe(20);
      }),
    );
  });
});

describe('working days between two dates', () => {
  it('counts what is left until a deadline, 0 on it, and what has passed since, negatively', () => {
    // Friday 13 March to Monday 16 March: one working day left.
    expect(workingDaysBetween('2026-03-13', '2026-03-16', holidays)).toBe(1);
    expect(workingDaysBetween('2026-03-16', '2026-03-16', holidays)).toBe(0);
    // Tuesday after a Monday deadline: one working day late.
    expect(workingDaysBetween('2026-03-17', '2026-03-16', holidays)).toBe(-1);
    // Nyepi, Thursday 19 March 2026, is no working day.
    expect(workingDaysBetween('2026-03-18', '2026-03-20', holidays)).toBe(1);
  });

  it('is undone by addWorkingDays and changes sign when the dates swap', () => {
    const day = fc.integer({ min: 0, max: 700 }).map((n) => addDays('2026-01-01', n));
    fc.assert(
      fc.property(day, day, fc.integer({ min: 0, max: 40 }), (a, b, n) => {
        expect(workingDaysBetween(a, addWorkingDays(a, n, holidays), holidays)).toBe(n);
        expect(workingDaysBetween(a, b, holidays) + workingDaysBetween(b, a, holidays)).toBe(0);
      }),
    );
  });
});

describe('where a case stands against its deadline', () => {
  it('is overdue only while waiting for an answer after the deadline', () => {
    expect(deadlineStanding('open', '2026-03-16', '2026-03-16', holidays)).toEqual({
      workingDaysLeft: 0,
      overdue: false,
    });
    expect(deadlineStanding('in_progress', '2026-03-16', '2026-03-17', holidays)).toEqual({
      workingDaysLeft: -1,
      overdue: true,
    });
    expect(deadlineStanding('answered', '2026-03-16', '2026-03-20', holidays).overdue).toBe(false);
    expect(deadlineStanding('closed', '2026-03-16', '2026-03-20', holidays).overdue).toBe(false);
    expect(deadlineStanding('open', '2026-03-16', '2026-03-02', holidays).workingDaysLeft).toBe(10);
  });
});
