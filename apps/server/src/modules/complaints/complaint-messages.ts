import { COMPLAINT_ANSWER_WORKING_DAYS } from '@kaskita/domain/complaints/complaint-deadline';
import type { ComplaintEventKind } from '@kaskita/domain/complaints/complaint-rules';
import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatSpokenDate } from '@kaskita/domain/i18n/spoken-date';

/** What each SMS about a case needs: its number, its deadline, and the text a step carries (an extension's reason). */
export interface CaseMessage {
  caseNumber: string;
  answerBy: string;
  text?: string | null;
}

/**
 * The SMS of every step of a case, in the language it was filed in. An answer's text is never in it (an SMS is read by
 * whoever holds the phone, and answers hold account details): it says where to read it. An extension's reason is,
 * since POJK 22/2023 has the consumer told why.
 */
const TEXTS: Record<
  Locale,
  Record<ComplaintEventKind, (c: Required<CaseMessage> & { by: string }) => string>
> = {
  'id-ID': {
    filed: (c) =>
      `KasKita: pengaduan Anda kami terima, nomor ${c.caseNumber}. Kami jawab paling lambat ${c.by} ` +
      `(${COMPLAINT_ANSWER_WORKING_DAYS} hari kerja). Ikuti di aplikasi: Saya > Bantuan.`,
    started: (c) => `KasKita: pengaduan ${c.caseNumber} sedang kami tangani. Jawaban paling lambat ${c.by}.`,
    answered: (c) =>
      `KasKita: pengaduan ${c.caseNumber} sudah kami jawab. Baca jawabannya di aplikasi: Saya > Bantuan.`,
    extended: (c) =>
      `KasKita: jawaban pengaduan ${c.caseNumber} membutuhkan waktu lebih lama: ${c.text}. ` +
      `Kami jawab paling lambat ${c.by}.`,
    closed: (c) =>
      `KasKita: pengaduan ${c.caseNumber} sudah selesai. Rinciannya ada di aplikasi: Saya > Bantuan.`,
  },
  'en-US': {
    filed: (c) =>
      `KasKita: we received your complaint, case ${c.caseNumber}. We will answer by ${c.by} ` +
      `(${COMPLAINT_ANSWER_WORKING_DAYS} working days). Follow it in the app: Me > Help.`,
    started: (c) => `KasKita: we are handling your complaint ${c.caseNumber}. We will answer by ${c.by}.`,
    answered: (c) =>
      `KasKita: we have answered your complaint ${c.caseNumber}. Read the answer in the app: Me > Help.`,
    extended: (c) =>
      `KasKita: the answer to your complaint ${c.caseNumber} needs more time: ${c.text}. ` +
      `We will answer by ${c.by}.`,
    closed: (c) =>
      `KasKita: your complaint ${c.caseNumber} is closed. The details are in the app: Me > Help.`,
  },
};

/** A sentence's own full stop is dropped: the message adds its own after the reason. */
const clause = (text: string | null | undefined) => (text ?? '').trim().replace(/[.!\s]+$/u, '');

export function complaintMessage(kind: ComplaintEventKind, locale: Locale, c: CaseMessage): string {
  const texts = TEXTS[locale] ?? TEXTS['id-ID'];
  return texts[kind]({
    caseNumber: c.caseNumber,
    answerBy: c.answerBy,
    text: clause(c.text),
    by: formatSpokenDate(c.answerBy, locale),
  });
}
