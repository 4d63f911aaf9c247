import type { ComplaintEventKind } from '@kaskita/domain/complaints/complaint-rules';
import type { Bilingual, Locale } from '@kaskita/domain/i18n/locale';

export {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_STATUS_LABELS,
} from '@kaskita/domain/complaints/complaint-rules';

/** A case's steps as the desk names them. */
export const COMPLAINT_EVENT_LABELS: Record<ComplaintEventKind, Bilingual> = {
  filed: { 'en-US': 'Filed by the borrower', 'id-ID': 'Diajukan peminjam' },
  started: { 'en-US': 'Taken up', 'id-ID': 'Mulai ditangani' },
  answered: { 'en-US': 'Answered', 'id-ID': 'Dijawab' },
  extended: { 'en-US': 'Deadline extended', 'id-ID': 'Batas waktu diperpanjang' },
  closed: { 'en-US': 'Closed', 'id-ID': 'Ditutup' },
};

/** Where a case stands against its deadline, in working days: "3 working days left", "due today", "2 working days late". */
export function daysLeftText(days: number, locale: Locale): string {
  if (days === 0) return locale === 'id-ID' ? 'jatuh tempo hari ini' : 'due today';
  const n = Math.abs(days);
  if (locale === 'id-ID') return days > 0 ? `sisa ${n} hari kerja` : `terlambat ${n} hari kerja`;
  const unit = n === 1 ? 'working day' : 'working days';
  return days > 0 ? `${n} ${unit} left` : `${n} ${unit} late`;
}
