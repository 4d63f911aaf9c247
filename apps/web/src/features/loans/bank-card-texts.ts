import { useCallback } from 'react';
import type { Bilingual } from '@kaskita/domain/i18n/locale';
import { interpolate, useLocale, type TVars } from '../../lib/i18n.ts';

/**
 * The texts of adding and replacing a bank card (/me/bank-card, /me/bank-card-add/:sms), in both languages. Kept here,
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
} satisfies Record<string, Bilingual>;

export type BankCardTextKey = keyof typeof TEXTS;

/** The bank-card texts in the current language ({{name}} interpolated); re-renders on a language switch. */
export function useBankCardTexts() {
  const locale = useLocale();
  return useCallback((key: BankCardTextKey, vars?: TVars) => interpolate(TEXTS[key][locale], vars), [locale]);
}
