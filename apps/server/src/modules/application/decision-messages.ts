import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';

/** The SMS telling a borrower their application was decided. No reasons in it: an SMS can be read by others. */
export function decisionMessage(
  locale: Locale,
  decision: { state: 'approved'; limitAmount: Rupiah } | { state: 'rejected'; reapplyDate: string },
): string {
  if (decision.state === 'approved') {
    const limit = formatRupiah(decision.limitAmount);
    return locale === 'id-ID'
      ? `KasKita: selamat, pengajuan Anda disetujui dengan limit ${limit}. Buka aplikasi KasKita untuk mengajukan pinjaman.`
      : `KasKita: congratulations, your application is approved with a limit of ${limit}. Open the KasKita app to borrow.`;
  }
  const date = formatDisplayDate(decision.reapplyDate);
  return locale === 'id-ID'
    ? `KasKita: mohon maaf, pengajuan Anda belum dapat disetujui. Anda dapat mengajukan kembali mulai ${date}. Detail ada di aplikasi.`
    : `KasKita: sorry, we cannot approve your application at this time. You can apply again from ${date}. Details are in the app.`;
}
