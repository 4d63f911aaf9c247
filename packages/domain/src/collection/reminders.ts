/**
 * Which bill message is due on a business date. Both functions only pick the message; when to send it
 * (contact hours, holidays) is decided by `contact-window.ts`.
 */
import { daysBetween, type BusinessDate } from '../pricing/business-date.ts';

/** Reminders before the due date, and the due-date notice itself. */
export type BillReminder = 'due-in-3-days' | 'due-in-1-day' | 'due-today';

/** The reminder to send on `businessDate` for a bill due on `dueDate`, or null on any other day. */
export function reminderFor(dueDate: BusinessDate, businessDate: BusinessDate): BillReminder | null {
  switch (daysBetween(businessDate, dueDate)) {
    case 3:
      return 'due-in-3-days';
    case 1:
      return 'due-in-1-day';
    case 0:
      return 'due-today';
    default:
      return null;
  }
}

/** Days late on `businessDate` (1 the day after the due date), or null when the bill is not yet overdue. */
export function overdueNoticeFor(dueDate: BusinessDate, businessDate: BusinessDate): number | null {
  const daysLate = daysBetween(dueDate, businessDate);
  return daysLate >= 1 ? daysLate : null;
}
