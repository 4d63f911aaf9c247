import type { Locale } from '@kaskita/domain/i18n/locale';
import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';

/** The SMS when a refund arrived: the amount and the account, in the borrower's language. */
export function refundedMessage(
  locale: Locale,
  facts: { amount: Rupiah; bank: string; lastDigits: string },
): string {
  const amount = formatRupiah(facts.amount);
  return locale === 'en-US'
    ? `KasKita: the ${amount} left over on your paid-off loan has been sent back to your ${facts.bank} account ****${facts.lastDigits}.`
    : `KasKita: Kelebihan bayar ${amount} dari pinjaman Anda yang sudah lunas telah dikembalikan ke rekening ${facts.bank} ****${facts.lastDigits}.`;
}

/** The SMS when a payment that could not be applied has been paid back to the borrower. */
export function paymentReturnedMessage(
  locale: Locale,
  facts: { amount: Rupiah; bank: string; lastDigits: string },
): string {
  const amount = formatRupiah(facts.amount);
  return locale === 'en-US'
    ? `KasKita: your payment of ${amount}, which could not be applied to a loan, has been sent back to your ${facts.bank} account ****${facts.lastDigits}.`
    : `KasKita: Pembayaran Anda ${amount} yang tidak dapat diterapkan ke pinjaman telah dikembalikan ke rekening ${facts.bank} ****${facts.lastDigits}.`;
}
