import { useCallback } from 'react';
import type { Bilingual } from '@kaskita/domain/i18n/locale';
import { interpolate, useLocale, type TVars } from '../../lib/i18n.ts';

/**
 * The texts of the failure modal (bill_status 4), in both languages. Kept here, in the pages' lazy chunks, rather than in
 * lib/locales/en-US.ts, which ships in the entry chunk: the first pages are within a few hundred bytes of their 120 kB
 * gzip budget (bench/bundle-bench.ts), and these texts are never on them (as bank-card-texts.ts).
 */
const TEXTS = {
  title: { 'en-US': 'The money could not be sent', 'id-ID': 'Dana tidak dapat dikirim' },
  nothingOwed: {
    'en-US': 'Nothing is owed and nothing was charged.',
    'id-ID': 'Tidak ada utang dan tidak ada biaya yang ditagih.',
  },
  correctBody: {
    'en-US': 'Please check your bank account details and correct them; we then send the money again.',
    'id-ID': 'Silakan periksa dan perbaiki data rekening bank Anda; setelah itu kami kirim ulang dananya.',
  },
  retryBody: {
    'en-US': 'We can send {{amount}} again to {{account}}, or you can cancel the loan.',
    'id-ID': 'Kami dapat mengirim ulang {{amount}} ke {{account}}, atau Anda dapat membatalkan pinjaman.',
  },
  noCardBody: {
    'en-US': 'Add a bank account in your own name and we send the money again.',
    'id-ID': 'Tambahkan rekening bank atas nama Anda sendiri, lalu kami kirim ulang dananya.',
  },
  correct: { 'en-US': 'Correct my bank account', 'id-ID': 'Perbaiki rekening bank saya' },
  retry: { 'en-US': 'Try again', 'id-ID': 'Coba lagi' },
  cancel: { 'en-US': 'Cancel the loan', 'id-ID': 'Batalkan pinjaman' },
} satisfies Record<string, Bilingual>;

export type LoanFailedTextKey = keyof typeof TEXTS;

/** The failure modal's texts in the current language ({{name}} interpolated); re-renders on a language switch. */
export function useLoanFailedTexts() {
  const locale = useLocale();
  return useCallback(
    (key: LoanFailedTextKey, vars?: TVars) => interpolate(TEXTS[key][locale], vars),
    [locale],
  );
}
