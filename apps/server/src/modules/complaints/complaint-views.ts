import type { HolidayCalendar } from '@kaskita/domain/collection/holidays';
import { deadlineStanding } from '@kaskita/domain/complaints/complaint-deadline';
import type {
  ComplaintCategory,
  ComplaintEventKind,
  ComplaintStatus,
} from '@kaskita/domain/complaints/complaint-rules';
import type { ComplaintEvent, ComplaintView } from '@kaskita/domain/contract/complaints';
import type { ComplaintEventWithStaff } from './complaints-repository.ts';
import type { ComplaintRow } from './complaints-schema.ts';

/** A case as its borrower sees it on `today` (Jakarta). */
export function complaintView(
  row: ComplaintRow,
  text: string,
  today: string,
  holidays: HolidayCalendar,
): ComplaintView {
  const standing = deadlineStanding(row.status as ComplaintStatus, row.answerBy, today, holidays);
  return {
    complaint_id: row.id,
    case_number: row.caseNumber,
    category: row.category as ComplaintCategory,
    status: row.status as ComplaintStatus,
    text,
    order_id: row.loanId,
    payment_id: row.paymentId,
    contact_id: row.contactId,
    has_photo: row.photoKey !== null,
    filed_at: row.createdAt.toISOString(),
    answer_by: row.answerBy,
    extended: row.extendedAt !== null,
    extension_reason: row.extensionReason,
    working_days_left: standing.workingDaysLeft,
    overdue: standing.overdue,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A step as the borrower reads it: what was done and said, never who did it. */
export function eventView(event: ComplaintEventWithStaff): ComplaintEvent {
  return {
    kind: event.kind as ComplaintEventKind,
    at: event.createdAt.toISOString(),
    text: event.text,
    answer_by: event.answerBy,
  };
}
