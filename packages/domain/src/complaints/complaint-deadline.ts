import { addWorkingDays, workingDaysBetween, type HolidayCalendar } from '../collection/holidays.ts';
import { businessDateAt, type BusinessDate } from '../pricing/business-date.ts';
import { isWaiting, type ComplaintStatus } from './complaint-rules.ts';

/**
 * POJK 22/2023 (consumer protection in the financial services sector): a complaint is followed up and answered within
 * 10 working days of the day it is received, and that may be extended once by at most 10 more working days, the
 * consumer being told why before the first period ends. Working days are Monday to Friday but national holidays, in
 * Jakarta (the lender's office): the holiday calendar is passed in (collection/holidays.ts, or the HOLIDAYS setting).
 */
export const COMPLAINT_ANSWER_WORKING_DAYS = 10;
export const COMPLAINT_EXTENSION_WORKING_DAYS = 10;

/**
 * The last Jakarta day to answer a complaint received at `filedAt`: the receiving day counts for nothing, so one filed
 * on Monday is due ten working days later (Monday two weeks on, without holidays), and one filed on a Saturday is
 * counted from the Monday after.
 */
export function complaintAnswerBy(filedAt: Date, holidays: HolidayCalendar): BusinessDate {
  return addWorkingDays(businessDateAt(filedAt), COMPLAINT_ANSWER_WORKING_DAYS, holidays);
}

/** The deadline after the one extension: ten more working days after the first deadline. */
export function extendedAnswerBy(answerBy: BusinessDate, holidays: HolidayCalendar): BusinessDate {
  return addWorkingDays(answerBy, COMPLAINT_EXTENSION_WORKING_DAYS, holidays);
}

/** Where a case stands against its deadline on `today` (Jakarta). */
export interface DeadlineStanding {
  /** Working days after today until the deadline (0 on it); negative once past. */
  workingDaysLeft: number;
  /** Still waiting for an answer and the deadline has passed. */
  overdue: boolean;
}

export function deadlineStanding(
  status: ComplaintStatus,
  answerBy: BusinessDate,
  today: BusinessDate,
  holidays: HolidayCalendar,
): DeadlineStanding {
  return {
    workingDaysLeft: workingDaysBetween(today, answerBy, holidays),
    overdue: isWaiting(status) && today > answerBy,
  };
}
