import type { FeedbackKind, FeedbackStatus } from '@kaskita/domain/contract/admin-care';
import type { Bilingual } from '@kaskita/domain/i18n/locale';

export const FEEDBACK_KIND_LABELS: Record<FeedbackKind, Bilingual> = {
  feedback: { 'en-US': 'Feedback', 'id-ID': 'Masukan' },
  complaint: { 'en-US': 'Complaint', 'id-ID': 'Pengaduan' },
};

export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, Bilingual> = {
  open: { 'en-US': 'Open', 'id-ID': 'Terbuka' },
  answered: { 'en-US': 'Answered', 'id-ID': 'Dijawab' },
  closed: { 'en-US': 'Closed', 'id-ID': 'Ditutup' },
};
