import type { Bilingual, Locale } from './locale.ts';

/**
 * Messages for the keys our zod schemas report (`phone.invalid`, `password.mismatch` ...), spec section 5.
 * The server puts them in `data.fields`; the web app shows them under the field.
 */
export const VALIDATION_MESSAGES = {
  'phone.required': { 'en-US': 'Please enter your mobile number', 'id-ID': 'Silakan masukkan nomor HP' },
  'phone.invalid': {
    'en-US': 'Please enter a valid mobile number (10-14 digits)',
    'id-ID': 'Masukkan nomor HP yang valid (10-14 digit)',
  },
  'password.required': { 'en-US': 'Please enter a password', 'id-ID': 'Silakan masukkan kata sandi' },
  'password.rule': {
    'en-US': 'Password must be 6-20 letters or digits',
    'id-ID': 'Kata sandi harus 6-20 huruf atau angka',
  },
  'password.repeated': {
    'en-US': 'This password is too easy to guess: do not repeat the same characters',
    'id-ID': 'Kata sandi ini terlalu mudah ditebak: jangan mengulang karakter yang sama',
  },
  'password.sequence': {
    'en-US': 'This password is too easy to guess: do not use a sequence like 123456',
    'id-ID': 'Kata sandi ini terlalu mudah ditebak: jangan gunakan urutan seperti 123456',
  },
  'password.phone': {
    'en-US': 'Do not use your phone number as your password',
    'id-ID': 'Jangan gunakan nomor HP Anda sebagai kata sandi',
  },
  'password.common': {
    'en-US': 'This password is one of the most common and easy to guess. Please choose another',
    'id-ID': 'Kata sandi ini termasuk yang paling umum dan mudah ditebak. Silakan pilih yang lain',
  },
  'password.mismatch': { 'en-US': 'The passwords do not match', 'id-ID': 'Kata sandi tidak cocok' },
  'sms_code.required': { 'en-US': 'Please enter the SMS code', 'id-ID': 'Silakan masukkan kode SMS' },
  'sms_code.invalid': { 'en-US': 'The SMS code has 6 digits', 'id-ID': 'Kode SMS terdiri dari 6 digit' },
  'captcha.required': { 'en-US': 'Please enter the image code', 'id-ID': 'Silakan masukkan kode gambar' },
  'consent.required': {
    'en-US': 'Please agree to the agreements and privacy policy',
    'id-ID': 'Silakan setujui perjanjian dan kebijakan privasi',
  },
  'agreement.outdated': {
    'en-US': 'The agreements have been updated. Please reload the page and read them again',
    'id-ID': 'Perjanjian telah diperbarui. Silakan muat ulang halaman dan baca kembali',
  },
  'field.invalid': { 'en-US': 'This value is not valid', 'id-ID': 'Nilai ini tidak valid' },
  'field.required': { 'en-US': 'This field is required', 'id-ID': 'Kolom ini wajib diisi' },
} as const satisfies Record<string, Bilingual>;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

/** The message for a key a schema reported; unknown keys (zod's own messages) fall back to a generic one. */
export function validationMessage(key: string, locale: Locale): string {
  const entry = (VALIDATION_MESSAGES as Record<string, Bilingual>)[key];
  return (entry ?? VALIDATION_MESSAGES['field.invalid'])[locale];
}
