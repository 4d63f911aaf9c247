import { useCallback } from 'react';
import type { Bilingual } from '@kaskita/domain/i18n/locale';
import { interpolate, useLocale, type TVars } from '../../lib/i18n.ts';

/**
 * The texts of the bank cards and of adding and replacing one (/me/bank-card, /me/bank-card-add/:sms), in both languages. Kept here,
 * in the pages' lazy chunks, rather than in lib/locales/en-US.ts, which ships in the entry chunk: the first pages are
 * within a few hundred bytes of their 120 kB gzip budget (bench/bundle-bench.ts), and these texts are never on them.
 */
const TEXTS = {
  add: { 'en-US': 'Add bank account', 'id-ID': 'Tambah rekening bank' },
  maxWhy: {
    'en-US': 'You keep {{max}} accounts, the most allowed. Remove or replace one to use another.',
    'id-ID':
      'Anda menyimpan {{max}} rekening, jumlah terbanyak yang diizinkan. Hapus atau ganti salah satunya untuk memakai rekening lain.',
  },
  replace: { 'en-US': 'Replace', 'id-ID': 'Ganti' },
  intro: {
    'en-US':
      'Add an account in your own name, as on your KTP. We check it with the bank and confirm it with a code sent to your phone.',
    'id-ID':
      'Tambahkan rekening atas nama Anda sendiri, sesuai KTP. Kami memeriksanya ke bank dan mengonfirmasinya dengan kode yang dikirim ke HP Anda.',
  },
  becomesDefault: {
    'en-US': 'The new account becomes the one your loans are paid into.',
    'id-ID': 'Rekening baru ini menjadi rekening tujuan pencairan pinjaman Anda.',
  },
  replaces: { 'en-US': 'It replaces {{account}}.', 'id-ID': 'Rekening ini menggantikan {{account}}.' },
  code: { 'en-US': 'SMS code', 'id-ID': 'Kode SMS' },
  codeHint: {
    'en-US': 'We send the code by SMS to the phone number you registered with.',
    'id-ID': 'Kami mengirim kode lewat SMS ke nomor HP yang Anda daftarkan.',
  },
  codeSentTo: {
    'en-US': 'The code was sent by SMS to {{phone}}.',
    'id-ID': 'Kode telah dikirim lewat SMS ke {{phone}}.',
  },
  submit: { 'en-US': 'Add account', 'id-ID': 'Tambah rekening' },
  submitReplace: { 'en-US': 'Replace account', 'id-ID': 'Ganti rekening' },
  checking: {
    'en-US': 'Checking the account with the bank…',
    'id-ID': 'Memeriksa rekening ke bank…',
  },
  added: {
    'en-US': 'Account added. Loans are now paid into it.',
    'id-ID': 'Rekening ditambahkan. Pinjaman kini dikirim ke rekening ini.',
  },
  // The list of cards (/me/bank-card)
  default: { 'en-US': 'Default', 'id-ID': 'Utama' },
  inUse: { 'en-US': 'Receiving a loan', 'id-ID': 'Sedang menerima pinjaman' },
  makeDefault: { 'en-US': 'Make default', 'id-ID': 'Jadikan utama' },
  madeDefault: { 'en-US': 'Loans are now paid into {{bank}}', 'id-ID': 'Pinjaman kini dikirim ke {{bank}}' },
  remove: { 'en-US': 'Remove', 'id-ID': 'Hapus' },
  removeTitle: { 'en-US': 'Remove this account?', 'id-ID': 'Hapus rekening ini?' },
  removeBody: {
    'en-US': '{{account}} will no longer be used for your loans.',
    'id-ID': '{{account}} tidak akan digunakan lagi untuk pinjaman Anda.',
  },
  removed: { 'en-US': 'The account was removed', 'id-ID': 'Rekening telah dihapus' },
  inUseWhy: {
    'en-US': 'A loan is being sent to this account, so it cannot be removed now.',
    'id-ID': 'Pinjaman sedang dikirim ke rekening ini, sehingga belum dapat dihapus.',
  },
  onlyWhy: {
    'en-US': 'This is your only account, so it cannot be removed.',
    'id-ID': 'Ini satu-satunya rekening Anda, sehingga tidak dapat dihapus.',
  },
  empty: {
    'en-US': 'You have not added a bank account yet.',
    'id-ID': 'Anda belum menambahkan rekening bank.',
  },
  note: {
    'en-US': 'Loans are paid into your default account. Every account must be in your own name.',
    'id-ID': 'Pinjaman dikirim ke rekening utama Anda. Setiap rekening harus atas nama Anda sendiri.',
  },
} satisfies Record<string, Bilingual>;

export type BankCardTextKey = keyof typeof TEXTS;

/** The bank-card texts in the current language ({{name}} interpolated); re-renders on a language switch. */
export function useBankCardTexts() {
  const locale = useLocale();
  return useCallback((key: BankCardTextKey, vars?: TVars) => interpolate(TEXTS[key][locale], vars), [locale]);
}
