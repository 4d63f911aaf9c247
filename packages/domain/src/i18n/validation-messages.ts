import { formatRupiah, rupiah } from '../money/rupiah.ts';
import { PAYMENT_CLAIM_MAX_AMOUNT, PAYMENT_CLAIM_MIN_AMOUNT } from '../payments/payment-claims.ts';
import { AMOUNT_LIMITS } from '../validation/amount-limits.ts';
import type { Bilingual, Locale } from './locale.ts';

/** Rupiah in the app's one written form, "Rp 2.000.000", in both languages; ranges read from their rules. */
const rp = (amount: number) => formatRupiah(rupiah(amount));
const EXPECTED = { min: rp(AMOUNT_LIMITS.expectedAmount.min), max: rp(AMOUNT_LIMITS.expectedAmount.max) };
const MONEY = { min: rp(AMOUNT_LIMITS.money.min), max: rp(AMOUNT_LIMITS.money.max) };
const CLAIM = { min: rp(PAYMENT_CLAIM_MIN_AMOUNT), max: rp(PAYMENT_CLAIM_MAX_AMOUNT) };

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
  'password.unchanged': {
    'en-US': 'Choose a password different from the current one',
    'id-ID': 'Pilih kata sandi yang berbeda dari yang sekarang',
  },
  'password.mismatch': { 'en-US': 'The passwords do not match', 'id-ID': 'Kata sandi tidak cocok' },
  'sms_code.required': { 'en-US': 'Please enter the SMS code', 'id-ID': 'Silakan masukkan kode SMS' },
  'sms_code.invalid': { 'en-US': 'The SMS code has 6 digits', 'id-ID': 'Kode SMS terdiri dari 6 digit' },
  'code.invalid': {
    'en-US': 'Enter the 6-digit code from your authenticator app, or a recovery code',
    'id-ID': 'Masukkan 6 digit kode dari aplikasi autentikator, atau kode pemulihan',
  },
  'feedback.required': { 'en-US': 'Please write your feedback', 'id-ID': 'Silakan tulis masukan Anda' },
  'feedback.too_short': {
    'en-US': 'Please write at least 5 characters',
    'id-ID': 'Silakan tulis minimal 5 karakter',
  },
  'feedback.too_long': {
    'en-US': 'Feedback can be at most 500 characters',
    'id-ID': 'Masukan maksimal 500 karakter',
  },
  'draft.too_large': {
    'en-US': 'This form holds too much to keep as a draft',
    'id-ID': 'Isian formulir ini terlalu panjang untuk disimpan sebagai draf',
  },
  'draft.invalid': {
    'en-US': 'This draft could not be read',
    'id-ID': 'Draf ini tidak dapat dibaca',
  },
  'captcha.required': { 'en-US': 'Please enter the image code', 'id-ID': 'Silakan masukkan kode gambar' },
  'consent.required': {
    'en-US': 'Please agree to the agreements and privacy policy',
    'id-ID': 'Silakan setujui perjanjian dan kebijakan privasi',
  },
  'agreement.outdated': {
    'en-US': 'The agreements have been updated. Please reload the page and read them again',
    'id-ID': 'Perjanjian telah diperbarui. Silakan muat ulang halaman dan baca kembali',
  },
  // Onboarding (spec section 5: each required field has its own please-enter or please-select message).
  'selfie.required': {
    'en-US': 'Please take a selfie',
    'id-ID': 'Silakan ambil foto selfie',
  },
  'id_card.required': {
    'en-US': 'Please choose a photo of your KTP',
    'id-ID': 'Silakan pilih foto KTP Anda',
  },
  'nik.required': {
    'en-US': 'Please enter your KTP number (NIK)',
    'id-ID': 'Silakan masukkan nomor KTP (NIK)',
  },
  'nik.invalid': {
    'en-US': 'The KTP number (NIK) has 16 digits',
    'id-ID': 'Nomor KTP (NIK) terdiri dari 16 digit',
  },
  'nik.region': {
    'en-US': 'The first 6 digits of the NIK are not a known district code. Please check your KTP',
    'id-ID': '6 digit pertama NIK bukan kode kecamatan yang dikenal. Silakan periksa KTP Anda',
  },
  'nik.date': {
    'en-US': 'Digits 7-12 of the NIK are not a valid date. Please check your KTP',
    'id-ID': 'Digit ke-7 sampai 12 NIK bukan tanggal yang valid. Silakan periksa KTP Anda',
  },
  'nik.birth_date_mismatch': {
    'en-US': 'The NIK does not match the birth date. Please check both against your KTP',
    'id-ID': 'NIK tidak sesuai dengan tanggal lahir. Silakan periksa keduanya sesuai KTP Anda',
  },
  'nik.gender_mismatch': {
    'en-US': 'The NIK does not match the gender. Please check both against your KTP',
    'id-ID': 'NIK tidak sesuai dengan jenis kelamin. Silakan periksa keduanya sesuai KTP Anda',
  },
  'birth_date.required': { 'en-US': 'Please select your birth date', 'id-ID': 'Silakan pilih tanggal lahir' },
  'birth_date.invalid': {
    'en-US': 'Please select a birth date from 01/01/1950 to today',
    'id-ID': 'Silakan pilih tanggal lahir antara 01/01/1950 dan hari ini',
  },
  'birth_date.age': {
    'en-US': 'KasKita lends to borrowers aged 21 to 60',
    'id-ID': 'KasKita memberi pinjaman kepada peminjam berusia 21 sampai 60 tahun',
  },
  'name.required': { 'en-US': 'Please enter your name', 'id-ID': 'Silakan masukkan nama' },
  'name.invalid': {
    'en-US': 'Please enter the name with letters only, as on the KTP',
    'id-ID': 'Masukkan nama dengan huruf saja, sesuai KTP',
  },
  'gender.required': { 'en-US': 'Please select your gender', 'id-ID': 'Silakan pilih jenis kelamin' },
  'religion.required': { 'en-US': 'Please select your religion', 'id-ID': 'Silakan pilih agama' },
  'marriage.required': {
    'en-US': 'Please select your marital status',
    'id-ID': 'Silakan pilih status perkawinan',
  },
  'education.required': {
    'en-US': 'Please select your education',
    'id-ID': 'Silakan pilih pendidikan terakhir',
  },
  'mother_maiden_name.required': {
    'en-US': "Please enter your mother's maiden name",
    'id-ID': 'Silakan masukkan nama gadis ibu kandung',
  },
  'province.required': { 'en-US': 'Please select the province', 'id-ID': 'Silakan pilih provinsi' },
  'city.required': { 'en-US': 'Please select the city or regency', 'id-ID': 'Silakan pilih kota/kabupaten' },
  'district.required': { 'en-US': 'Please select the district', 'id-ID': 'Silakan pilih kecamatan' },
  'sub_district.required': { 'en-US': 'Please select the village', 'id-ID': 'Silakan pilih kelurahan/desa' },
  'region.invalid': {
    'en-US': 'Please choose the area again from the list',
    'id-ID': 'Silakan pilih kembali wilayah dari daftar',
  },
  'region.chain': {
    'en-US': 'The province, city, district and village do not belong together. Please choose them again',
    'id-ID': 'Provinsi, kota, kecamatan dan kelurahan tidak sesuai. Silakan pilih kembali',
  },
  'address.required': { 'en-US': 'Please enter the address', 'id-ID': 'Silakan masukkan alamat' },
  'zip_code.required': { 'en-US': 'Please enter the postal code', 'id-ID': 'Silakan masukkan kode pos' },
  'zip_code.invalid': { 'en-US': 'The postal code has 5 digits', 'id-ID': 'Kode pos terdiri dari 5 digit' },
  'live_duration.required': {
    'en-US': 'Please select how long you have lived there',
    'id-ID': 'Silakan pilih lama tinggal',
  },
  'email.required': { 'en-US': 'Please enter your email', 'id-ID': 'Silakan masukkan email' },
  'email.invalid': {
    'en-US': 'Please enter a valid email address',
    'id-ID': 'Masukkan alamat email yang valid',
  },
  'residential_status.required': {
    'en-US': 'Please select whether you own your home',
    'id-ID': 'Silakan pilih status tempat tinggal',
  },
  'has_job.required': {
    'en-US': 'Please say whether you have a job',
    'id-ID': 'Silakan pilih apakah Anda bekerja',
  },
  'career.required': { 'en-US': 'Please select your type of work', 'id-ID': 'Silakan pilih jenis pekerjaan' },
  'income_source.required': {
    'en-US': 'Please select your source of income',
    'id-ID': 'Silakan pilih sumber penghasilan',
  },
  'salary.required': { 'en-US': 'Please select your salary range', 'id-ID': 'Silakan pilih kisaran gaji' },
  'salary_day.required': {
    'en-US': 'Please select your salary date',
    'id-ID': 'Silakan pilih tanggal gajian',
  },
  'salary_day.invalid': {
    'en-US': 'The salary date is a day of the month, 1 to 31',
    'id-ID': 'Tanggal gajian adalah tanggal 1 sampai 31',
  },
  'income.required': {
    'en-US': 'Please enter your monthly income',
    'id-ID': 'Silakan masukkan penghasilan bulanan',
  },
  'spending.required': {
    'en-US': 'Please enter your monthly spending',
    'id-ID': 'Silakan masukkan pengeluaran bulanan',
  },
  'income.outside_range': {
    'en-US': 'Your monthly income must fall in the income range you chose',
    'id-ID': 'Penghasilan bulanan harus sesuai dengan kisaran penghasilan yang Anda pilih',
  },
  'money.range': {
    'en-US': `Please enter an amount from ${MONEY.min} to ${MONEY.max}`,
    'id-ID': `Masukkan jumlah antara ${MONEY.min} dan ${MONEY.max}`,
  },
  'other_loan_status.required': {
    'en-US': 'Please select whether you have other loans',
    'id-ID': 'Silakan pilih status pinjaman lain',
  },
  'other_platforms.required': {
    'en-US': 'Please enter how many other lending apps you use',
    'id-ID': 'Silakan masukkan jumlah aplikasi pinjaman lain yang Anda gunakan',
  },
  'other_platforms.invalid': {
    'en-US': 'Please enter a number from 0 to 20',
    'id-ID': 'Masukkan angka antara 0 dan 20',
  },
  'company_name.required': {
    'en-US': 'Please enter the company name',
    'id-ID': 'Silakan masukkan nama perusahaan',
  },
  'company_phone.invalid': {
    'en-US': 'Please enter a valid phone number for the company',
    'id-ID': 'Masukkan nomor telepon perusahaan yang valid',
  },
  'relation.required': { 'en-US': 'Please select the relationship', 'id-ID': 'Silakan pilih hubungan' },
  'contact_name.required': {
    'en-US': "Please enter the contact's name",
    'id-ID': 'Silakan masukkan nama kontak',
  },
  'socials.invalid': {
    'en-US': 'Please enter two emergency contacts',
    'id-ID': 'Silakan masukkan dua kontak darurat',
  },
  'contact.same_phone': {
    'en-US': 'The two emergency contacts must have different phone numbers',
    'id-ID': 'Nomor HP kedua kontak darurat harus berbeda',
  },
  'contact.own_phone': {
    'en-US': 'An emergency contact cannot use your own phone number',
    'id-ID': 'Kontak darurat tidak boleh memakai nomor HP Anda sendiri',
  },
  'contact_consent.required': {
    'en-US': 'Please agree that we may contact your emergency contacts',
    'id-ID': 'Silakan setujui bahwa kami boleh menghubungi kontak darurat Anda',
  },
  'expect_amount.required': {
    'en-US': 'Please enter the loan limit you expect',
    'id-ID': 'Silakan masukkan limit pinjaman yang diharapkan',
  },
  'expect_amount.range': {
    'en-US': `Please enter a limit from ${EXPECTED.min} to ${EXPECTED.max}`,
    'id-ID': `Masukkan limit antara ${EXPECTED.min} dan ${EXPECTED.max}`,
  },
  'expect_period.required': {
    'en-US': 'Please enter the loan period you expect',
    'id-ID': 'Silakan masukkan jangka waktu pinjaman yang diharapkan',
  },
  'expect_period.range': {
    'en-US': `Please enter a period from ${AMOUNT_LIMITS.expectedPeriod.min} to ${AMOUNT_LIMITS.expectedPeriod.max} months`,
    'id-ID': `Masukkan jangka waktu antara ${AMOUNT_LIMITS.expectedPeriod.min} dan ${AMOUNT_LIMITS.expectedPeriod.max} bulan`,
  },
  'bank.required': { 'en-US': 'Please select the bank', 'id-ID': 'Silakan pilih bank' },
  'card_num.required': {
    'en-US': 'Please enter the account number',
    'id-ID': 'Silakan masukkan nomor rekening',
  },
  'card_num.invalid': {
    'en-US': 'The account number has 9 to 16 digits',
    'id-ID': 'Nomor rekening terdiri dari 9 sampai 16 digit',
  },
  'card_num.ewallet': {
    'en-US': 'Enter the phone number the e-wallet is registered to, e.g. 0812 3456 7890',
    'id-ID': 'Masukkan nomor HP yang terdaftar di e-wallet, misalnya 0812 3456 7890',
  },
  'holder_name.required': {
    'en-US': "Please enter the account holder's name",
    'id-ID': 'Silakan masukkan nama pemilik rekening',
  },
  // pay-later checkout (contract/commerce.ts)
  'commerce.plan_required': {
    'en-US': 'Please choose an instalment plan',
    'id-ID': 'Silakan pilih paket cicilan',
  },
  'commerce.amount_required': {
    'en-US': 'Please enter the amount',
    'id-ID': 'Silakan masukkan jumlahnya',
  },
  'commerce.amount_invalid': {
    'en-US': 'Please enter the amount in whole rupiah',
    'id-ID': 'Masukkan jumlah dalam rupiah tanpa desimal',
  },
  'pay_pin.required': {
    'en-US': 'Please enter your 6-digit payment PIN',
    'id-ID': 'Silakan masukkan PIN pembayaran 6 digit Anda',
  },
  'pay_pin.invalid': {
    'en-US': 'The payment PIN has 6 digits',
    'id-ID': 'PIN pembayaran terdiri dari 6 digit',
  },
  'pay_pin.mismatch': {
    'en-US': 'The two PINs do not match',
    'id-ID': 'Kedua PIN tidak sama',
  },
  'loan.product_required': {
    'en-US': 'Please choose a loan product',
    'id-ID': 'Silakan pilih produk pinjaman',
  },
  'loan.period_required': {
    'en-US': 'Please choose the loan period',
    'id-ID': 'Silakan pilih jangka waktu pinjaman',
  },
  'loan.amount_required': {
    'en-US': 'Please enter the loan amount',
    'id-ID': 'Silakan masukkan jumlah pinjaman',
  },
  'loan.amount_invalid': {
    'en-US': 'Please enter the amount in whole rupiah',
    'id-ID': 'Masukkan jumlah dalam rupiah tanpa desimal',
  },
  'loan.purpose_required': {
    'en-US': 'Please choose what the loan is for',
    'id-ID': 'Silakan pilih tujuan pinjaman',
  },
  'loan.agreement_required': {
    'en-US': 'Please read and accept the loan agreement',
    'id-ID': 'Silakan baca dan setujui perjanjian pinjaman',
  },
  // "Paid but not credited?" (contract/payment-claims.ts)
  'payment_claim.channel_required': {
    'en-US': 'Please choose how you paid',
    'id-ID': 'Silakan pilih cara Anda membayar',
  },
  'payment_claim.paid_at_required': {
    'en-US': 'Please enter when you paid',
    'id-ID': 'Silakan isi waktu pembayaran',
  },
  'payment_claim.paid_at_future': {
    'en-US': 'The payment time cannot be in the future',
    'id-ID': 'Waktu pembayaran tidak boleh di masa depan',
  },
  'payment_claim.paid_at_old': {
    'en-US': 'Only payments of the last 30 days can be reported',
    'id-ID': 'Hanya pembayaran 30 hari terakhir yang dapat dilaporkan',
  },
  'payment_claim.amount_required': {
    'en-US': 'Please enter the amount you paid',
    'id-ID': 'Silakan masukkan jumlah yang dibayar',
  },
  'payment_claim.amount_range': {
    'en-US': `Please enter an amount from ${CLAIM.min} to ${CLAIM.max}`,
    'id-ID': `Masukkan jumlah antara ${CLAIM.min} dan ${CLAIM.max}`,
  },
  'payment_claim.reference_invalid': {
    'en-US': 'The reference has at most 64 letters, digits or signs',
    'id-ID': 'Nomor referensi maksimal 64 huruf, angka atau tanda',
  },
  // Relief (contract/relief.ts)
  'relief.order_required': {
    'en-US': 'Please choose the loan you need more time for',
    'id-ID': 'Silakan pilih pinjaman yang butuh waktu tambahan',
  },
  'relief.days_invalid': {
    'en-US': 'Please choose how many more days you need (7 to 30)',
    'id-ID': 'Silakan pilih berapa hari tambahan yang Anda butuhkan (7 sampai 30)',
  },
  'relief.extra_invalid': {
    'en-US': 'Please choose how many more instalments you need (1 to 3)',
    'id-ID': 'Silakan pilih berapa cicilan tambahan yang Anda butuhkan (1 sampai 3)',
  },
  'relief.kind_invalid': {
    'en-US': 'Please choose more time or smaller instalments',
    'id-ID': 'Silakan pilih tambahan waktu atau cicilan lebih kecil',
  },
  'relief.reason_required': {
    'en-US': 'Please tell us why you need more time',
    'id-ID': 'Silakan ceritakan mengapa Anda butuh waktu tambahan',
  },
  'relief.reason_short': {
    'en-US': 'Please tell us a little more (at least 10 characters)',
    'id-ID': 'Mohon ceritakan sedikit lebih banyak (minimal 10 karakter)',
  },
  'relief.terms_required': {
    'en-US': 'Please read the addendum before you accept',
    'id-ID': 'Silakan baca adendum sebelum menyetujui',
  },
  'relief.reason_long': {
    'en-US': 'Please keep it under 500 characters',
    'id-ID': 'Mohon tulis kurang dari 500 karakter',
  },
  // Complaints (contract/complaints.ts)
  'complaint.category_required': {
    'en-US': 'Please choose what your complaint is about',
    'id-ID': 'Silakan pilih tentang apa pengaduan Anda',
  },
  'complaint.text_required': {
    'en-US': 'Please tell us what happened',
    'id-ID': 'Silakan ceritakan apa yang terjadi',
  },
  'complaint.text_too_short': {
    'en-US': 'Please tell us a little more (at least 10 characters)',
    'id-ID': 'Mohon ceritakan sedikit lebih banyak (minimal 10 karakter)',
  },
  'complaint.text_too_long': {
    'en-US': 'Please keep it under 2,000 characters',
    'id-ID': 'Mohon tulis kurang dari 2.000 karakter',
  },
  'complaint.contact_unknown': {
    'en-US': 'Please choose one of the contacts about your own loans',
    'id-ID': 'Silakan pilih salah satu kontak penagihan atas pinjaman Anda',
  },
  'complaint.order_required': {
    'en-US': 'Please choose the loan you did not take',
    'id-ID': 'Silakan pilih pinjaman yang tidak Anda ajukan',
  },
  'complaint.order_unknown': {
    'en-US': 'Please choose one of your own loans',
    'id-ID': 'Silakan pilih salah satu pinjaman Anda',
  },
  'complaint.payment_unknown': {
    'en-US': 'Please choose one of your own payments',
    'id-ID': 'Silakan pilih salah satu pembayaran Anda',
  },
  // Every money field of a request (validation/form-fields.ts amountField): whole rupiah, plain or grouped by dots.
  'amount.format': {
    'en-US': 'Please enter a whole rupiah amount in digits, like 2000000 or 2.000.000',
    'id-ID': 'Masukkan jumlah rupiah bulat dengan angka, seperti 2000000 atau 2.000.000',
  },
  // The refusals of a code check (`data.fields.sms_code`); a wrong one names the tries left (`data.tries_left`).
  'sms_code.wrong': { 'en-US': 'Wrong code.', 'id-ID': 'Kode salah.' },
  'sms_code.wrong_tries': {
    'en-US': 'Wrong code. {tries} tries left.',
    'id-ID': 'Kode salah. Sisa {tries} percobaan.',
  },
  'sms_code.wrong_last': { 'en-US': 'Wrong code. 1 try left.', 'id-ID': 'Kode salah. Sisa 1 percobaan.' },
  'sms_code.wrong_none': {
    'en-US': 'Wrong code. No tries left: please request a new code.',
    'id-ID': 'Kode salah. Percobaan habis: silakan minta kode baru.',
  },
  'sms_code.expired': {
    'en-US': 'This code has expired. Please request a new one.',
    'id-ID': 'Kode ini sudah kedaluwarsa. Silakan minta kode baru.',
  },
  'sms_code.locked': {
    'en-US': 'Too many wrong tries. Please request a new code.',
    'id-ID': 'Terlalu banyak percobaan salah. Silakan minta kode baru.',
  },
  'password.old_wrong': { 'en-US': 'The current password is wrong', 'id-ID': 'Kata sandi saat ini salah' },
  'nik.registered': {
    'en-US': 'This NIK is already registered to another account. Please contact customer service',
    'id-ID': 'NIK ini sudah terdaftar di akun lain. Silakan hubungi layanan pelanggan',
  },
  // Me > My data (h/rights)
  'correction.field_required': {
    'en-US': 'Please choose the field to correct',
    'id-ID': 'Silakan pilih data yang ingin dikoreksi',
  },
  'correction.value_required': {
    'en-US': 'Please enter the correct value',
    'id-ID': 'Silakan masukkan nilai yang benar',
  },
  'correction.reason_required': {
    'en-US': 'Please say why (at least 5 characters)',
    'id-ID': 'Silakan tulis alasannya (paling sedikit 5 karakter)',
  },
  'consent.kind_required': {
    'en-US': 'Please choose a consent',
    'id-ID': 'Silakan pilih persetujuan',
  },
  'delete_account.confirm_required': {
    'en-US': 'Type DELETE to confirm',
    'id-ID': 'Ketik DELETE untuk mengonfirmasi',
  },
  'field.too_long': { 'en-US': 'This is too long', 'id-ID': 'Isian ini terlalu panjang' },
  'field.invalid': { 'en-US': 'This value is not valid', 'id-ID': 'Nilai ini tidak valid' },
  'field.required': { 'en-US': 'This field is required', 'id-ID': 'Kolom ini wajib diisi' },
} as const satisfies Record<string, Bilingual>;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

/**
 * The message for a key a schema reported; unknown keys (zod's own messages) fall back to a generic one. A key may
 * carry values as a query (`sms_code.wrong_tries?tries=2`, see withValues): a form keeps one string per field error and
 * translates it only when shown, so the values must travel inside the key.
 */
export function validationMessage(key: string, locale: Locale): string {
  const [name = '', query] = key.split('?', 2);
  const entry = (VALIDATION_MESSAGES as Record<string, Bilingual>)[name];
  const text = (entry ?? VALIDATION_MESSAGES['field.invalid'])[locale];
  if (!query) return text;
  const values = new Map(
    query.split('&').map((pair): [string, string] => {
      const [name = '', value = ''] = pair.split('=', 2);
      return [name, value];
    }),
  );
  return text.replace(/\{(\w+)\}/g, (whole, v: string) => values.get(v) ?? whole);
}

/** A message key with the values its text names (numbers and plain words: nothing is escaped). */
function withValues(key: ValidationKey, values: Record<string, number>): string {
  return `${key}?${Object.entries(values)
    .map(([k, v]) => `${k}=${v}`)
    .join('&')}`;
}

/**
 * The key to show for a field error of a refused call: a wrong code names the tries left when the answer says
 * (`data.tries_left`); every other key is shown as it came.
 */
export function fieldErrorKey(key: string, triesLeft: number | undefined): string {
  if (key !== 'sms_code.wrong' || triesLeft === undefined) return key;
  if (triesLeft <= 0) return 'sms_code.wrong_none';
  if (triesLeft === 1) return 'sms_code.wrong_last';
  return withValues('sms_code.wrong_tries', { tries: triesLeft });
}
