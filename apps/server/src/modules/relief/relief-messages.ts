import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';

/** The SMS of each step of a relief request, in the language it was asked in. Never the reason's words. */
export const reliefMessages = {
  asked: (locale: Locale, days: number) =>
    locale === 'en-US'
      ? `KasKita: we received your request to pay ${days} days later. Nothing changes until you accept our answer in the app.`
      : `KasKita: permohonan Anda untuk membayar ${days} hari lebih lambat sudah kami terima. Tidak ada yang berubah sampai Anda menyetujui jawaban kami di aplikasi.`,
  offered: (locale: Locale, days: number, expiresOn: string) =>
    locale === 'en-US'
      ? `KasKita: your relief is approved: your unpaid bills can fall due ${days} days later at no cost. Accept it in the app by ${formatDisplayDate(expiresOn)}.`
      : `KasKita: keringanan Anda disetujui: tagihan yang belum dibayar dapat jatuh tempo ${days} hari lebih lambat tanpa biaya. Setujui di aplikasi paling lambat ${formatDisplayDate(expiresOn)}.`,
  declined: (locale: Locale) =>
    locale === 'en-US'
      ? 'KasKita: we could not grant your relief request. See our reason in the app; you can contact us in Me > Help.'
      : 'KasKita: permohonan keringanan Anda belum dapat kami setujui. Lihat alasannya di aplikasi; Anda dapat menghubungi kami di Saya > Bantuan.',
  accepted: (locale: Locale, firstDue: string) =>
    locale === 'en-US'
      ? `KasKita: your relief is in effect. Your next bill is now due ${formatDisplayDate(firstDue)}. The signed addendum is in the app.`
      : `KasKita: keringanan Anda sudah berlaku. Tagihan berikutnya kini jatuh tempo ${formatDisplayDate(firstDue)}. Adendum yang ditandatangani ada di aplikasi.`,
};
