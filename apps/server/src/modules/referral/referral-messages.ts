import type { Locale } from '@kaskita/domain/i18n/locale';

/** The SMS to a borrower whose friend's first loan was disbursed: a coupon waits in their wallet. Names nobody. */
export function referralRewardMessage(
  locale: Locale,
  reward: { label: string; expiresOn: string; link: string },
): string {
  return locale === 'id-ID'
    ? `KasKita: teman yang Anda ajak sudah menerima pinjaman pertamanya. Kupon "${reward.label}" untuk belanja bayar nanti sudah ada di akun Anda, berlaku sampai ${reward.expiresOn}. ${reward.link}`
    : `KasKita: a friend you invited has received their first loan. A coupon "${reward.label}" for pay-later shopping is in your account, valid until ${reward.expiresOn}. ${reward.link}`;
}
