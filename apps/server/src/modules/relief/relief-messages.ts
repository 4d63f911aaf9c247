import type { Locale } from '@kaskita/domain/i18n/locale';
import type { ReliefTerms } from '@kaskita/domain/lifecycle/relief';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';

const en = (locale: Locale) => locale === 'en-US';

/** What the relief gives, in a few words: "pay 14 days later", "spread over 2 more instalments". */
function given(locale: Locale, terms: ReliefTerms): string {
  if (terms.kind === 'defer')
    return en(locale) ? `pay ${terms.days} days later` : `membayar ${terms.days} hari lebih lambat`;
  return en(locale)
    ? `spread what remains over ${terms.extra} more instalment${terms.extra === 1 ? '' : 's'}`
    : `membagi sisa pinjaman ke ${terms.extra} cicilan tambahan`;
}

/** The SMS of each step of a relief request, in the language it was asked in. Never the reason's words. */
export const reliefMessages = {
  asked: (locale: Locale, terms: ReliefTerms) =>
    en(locale)
      ? `KasKita: we received your request to ${given(locale, terms)}. Nothing changes until you accept our answer in the app.`
      : `KasKita: permohonan Anda untuk ${given(locale, terms)} sudah kami terima. Tidak ada yang berubah sampai Anda menyetujui jawaban kami di aplikasi.`,
  offered: (locale: Locale, terms: ReliefTerms, expiresOn: string) =>
    en(locale)
      ? `KasKita: your relief is approved: you can ${given(locale, terms)} at no cost. Accept it in the app by ${formatDisplayDate(expiresOn)}.`
      : `KasKita: keringanan Anda disetujui: Anda dapat ${given(locale, terms)} tanpa biaya. Setujui di aplikasi paling lambat ${formatDisplayDate(expiresOn)}.`,
  declined: (locale: Locale) =>
    en(locale)
      ? 'KasKita: we could not grant your relief request. See our reason in the app; you can contact us in Me > Help.'
      : 'KasKita: permohonan keringanan Anda belum dapat kami setujui. Lihat alasannya di aplikasi; Anda dapat menghubungi kami di Saya > Bantuan.',
  accepted: (locale: Locale, firstDue: string) =>
    en(locale)
      ? `KasKita: your relief is in effect. Your next bill is now due ${formatDisplayDate(firstDue)}. The signed addendum is in the app.`
      : `KasKita: keringanan Anda sudah berlaku. Tagihan berikutnya kini jatuh tempo ${formatDisplayDate(firstDue)}. Adendum yang ditandatangani ada di aplikasi.`,
};
