import type { DisbursementFailure } from '@kaskita/domain/contract/loans';
import type { Bilingual, Locale } from '@kaskita/domain/i18n/locale';
import { formatRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';

/** Why the money did not arrive, in words a borrower understands (the modal, the order view, the SMS). */
const FAILURES: Record<DisbursementFailure, Bilingual> = {
  ACCOUNT_NAME_MISMATCH: {
    'id-ID': 'Nama pemilik rekening tidak sama dengan nama di KTP Anda',
    'en-US': 'The account holder name does not match the name on your KTP',
  },
  ACCOUNT_CLOSED: {
    'id-ID': 'Rekening sudah ditutup atau tidak aktif',
    'en-US': 'The account is closed or inactive',
  },
  BANK_TIMEOUT: {
    'id-ID': 'Bank tujuan tidak merespons',
    'en-US': 'The receiving bank did not respond',
  },
  REJECTED: {
    'id-ID': 'Bank menolak transfer',
    'en-US': 'The bank refused the transfer',
  },
};

export function describeFailure(reason: DisbursementFailure, locale: Locale): string {
  return FAILURES[reason][locale];
}

/** The borrower app's page of a loan's signed agreement (signed in: it is the borrower's alone). */
export function signedAgreementUrl(publicAppUrl: string, orderId: string): string {
  const url = new URL('/me/loan-agreement', publicAppUrl);
  url.searchParams.set('order_id', orderId);
  return url.href;
}

/**
 * The SMS when the money arrived: the amount, the account and the first due date, nothing the borrower must look up,
 * and the link to the agreement they signed.
 */
export function disbursedMessage(
  locale: Locale,
  facts: {
    received: Rupiah;
    bank: string;
    lastDigits: string;
    firstTotal: Rupiah;
    firstDue: string;
    agreementUrl: string;
  },
): string {
  const received = formatRupiah(facts.received);
  const first = formatRupiah(facts.firstTotal);
  const due = formatDisplayDate(facts.firstDue);
  return locale === 'id-ID'
    ? `KasKita: Dana ${received} telah dikirim ke rekening ${facts.bank} ****${facts.lastDigits}. Cicilan pertama ${first} jatuh tempo ${due}. Bayar hanya lewat kode di aplikasi KasKita. Perjanjian Anda: ${facts.agreementUrl}`
    : `KasKita: ${received} has been sent to your ${facts.bank} account ****${facts.lastDigits}. First instalment ${first} due ${due}. Pay only with the codes in the KasKita app. Your agreement: ${facts.agreementUrl}`;
}

/** The SMS when the bank refused: nothing is owed, and what to do. */
export function interruptedMessage(
  locale: Locale,
  reason: DisbursementFailure,
  needsNewAccount: boolean,
): string {
  const why = describeFailure(reason, locale);
  if (locale === 'id-ID')
    return `KasKita: Pencairan pinjaman Anda belum berhasil (${why}). Tidak ada biaya dan tidak ada utang. ${needsNewAccount ? 'Buka aplikasi untuk memperbaiki rekening.' : 'Buka aplikasi untuk mencoba lagi atau membatalkan.'}`;
  return `KasKita: Your loan was not sent (${why}). Nothing is owed and nothing was charged. ${needsNewAccount ? 'Open the app to correct your bank account.' : 'Open the app to try again or cancel.'}`;
}
