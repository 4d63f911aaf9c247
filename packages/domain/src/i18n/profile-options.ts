import type { Bilingual, Locale } from './locale.ts';

/**
 * The profile's enumerations (spec section 3) with their labels. The codes are the API's values; labels are ours
 * where the spec names only the codes (work types, residence duration).
 */
type Options = Readonly<Record<number, Bilingual>>;

export const EDUCATION = {
  1: { 'en-US': 'Primary school', 'id-ID': 'SD' },
  2: { 'en-US': 'Junior high school', 'id-ID': 'SMP' },
  3: { 'en-US': 'Senior high school', 'id-ID': 'SMA/SMK' },
  4: { 'en-US': 'Diploma (D1-D2)', 'id-ID': 'Diploma (D1-D2)' },
  5: { 'en-US': 'Diploma (D3)', 'id-ID': 'Diploma (D3)' },
  6: { 'en-US': "Bachelor's degree (S1/D4)", 'id-ID': 'Sarjana (S1/D4)' },
  7: { 'en-US': "Master's degree (S2)", 'id-ID': 'Magister (S2)' },
  8: { 'en-US': 'Doctorate (S3)', 'id-ID': 'Doktor (S3)' },
  9: { 'en-US': 'Other', 'id-ID': 'Lainnya' },
} as const satisfies Options;

/** The order and the words of a KTP's "Status Perkawinan". */
export const MARRIAGE = {
  1: { 'en-US': 'Married', 'id-ID': 'Kawin' },
  2: { 'en-US': 'Single', 'id-ID': 'Belum kawin' },
  3: { 'en-US': 'Divorced', 'id-ID': 'Cerai hidup' },
  4: { 'en-US': 'Widowed', 'id-ID': 'Cerai mati' },
} as const satisfies Options;

/** The six religions a KTP records. */
export const RELIGION = {
  1: { 'en-US': 'Islam', 'id-ID': 'Islam' },
  2: { 'en-US': 'Protestant', 'id-ID': 'Kristen' },
  3: { 'en-US': 'Catholic', 'id-ID': 'Katolik' },
  4: { 'en-US': 'Hindu', 'id-ID': 'Hindu' },
  5: { 'en-US': 'Buddhist', 'id-ID': 'Buddha' },
  6: { 'en-US': 'Confucian', 'id-ID': 'Konghucu' },
} as const satisfies Options;

export const GENDER = {
  1: { 'en-US': 'Male', 'id-ID': 'Laki-laki' },
  2: { 'en-US': 'Female', 'id-ID': 'Perempuan' },
} as const satisfies Options;
export const GENDER_CODE = { MALE: 1, FEMALE: 2 } as const;

/** Whether the borrower owns the home they live in (spec: residential_status). */
export const RESIDENCE = {
  1: { 'en-US': 'Own home', 'id-ID': 'Milik sendiri' },
  2: { 'en-US': 'Not own (rented, family, other)', 'id-ID': 'Bukan milik sendiri (sewa, keluarga, lainnya)' },
} as const satisfies Options;

/** How long the borrower has lived at the address (spec: live_duration, values not shown). */
export const LIVE_DURATION = {
  1: { 'en-US': 'Less than 6 months', 'id-ID': 'Kurang dari 6 bulan' },
  2: { 'en-US': '6 to 12 months', 'id-ID': '6 sampai 12 bulan' },
  3: { 'en-US': '1 to 2 years', 'id-ID': '1 sampai 2 tahun' },
  4: { 'en-US': '2 to 5 years', 'id-ID': '2 sampai 5 tahun' },
  5: { 'en-US': 'More than 5 years', 'id-ID': 'Lebih dari 5 tahun' },
} as const satisfies Options;

/** The spec's work types 1-5, 7, 9-14 (6 and 8 are retired codes: never offered, never accepted). */
export const WORK_TYPE = {
  1: { 'en-US': 'Private employee', 'id-ID': 'Karyawan swasta' },
  2: { 'en-US': 'Civil servant', 'id-ID': 'Pegawai negeri (PNS)' },
  3: { 'en-US': 'Police or military', 'id-ID': 'TNI/Polri' },
  4: { 'en-US': 'State-owned company employee', 'id-ID': 'Karyawan BUMN/BUMD' },
  5: { 'en-US': 'Business owner', 'id-ID': 'Wiraswasta' },
  7: { 'en-US': 'Teacher or lecturer', 'id-ID': 'Guru/Dosen' },
  9: { 'en-US': 'Health worker', 'id-ID': 'Tenaga kesehatan' },
  10: { 'en-US': 'Driver or courier', 'id-ID': 'Pengemudi/Kurir' },
  11: { 'en-US': 'Farmer or fisher', 'id-ID': 'Petani/Nelayan' },
  12: { 'en-US': 'Freelancer', 'id-ID': 'Pekerja lepas' },
  13: { 'en-US': 'Contract or daily worker', 'id-ID': 'Pekerja kontrak/harian' },
  14: { 'en-US': 'Other', 'id-ID': 'Lainnya' },
} as const satisfies Options;

export const INCOME_SOURCE = {
  1: { 'en-US': 'Salary', 'id-ID': 'Gaji' },
  2: { 'en-US': 'Business', 'id-ID': 'Usaha' },
  3: { 'en-US': 'Other', 'id-ID': 'Lainnya' },
} as const satisfies Options;

export const SALARY_RANGE = {
  1: { 'en-US': 'Under Rp 2.000.000', 'id-ID': 'Di bawah Rp 2.000.000' },
  2: { 'en-US': 'Rp 2.000.000 - Rp 4.000.000', 'id-ID': 'Rp 2.000.000 - Rp 4.000.000' },
  3: { 'en-US': 'Rp 4.000.000 - Rp 8.000.000', 'id-ID': 'Rp 4.000.000 - Rp 8.000.000' },
  4: { 'en-US': 'Over Rp 8.000.000', 'id-ID': 'Di atas Rp 8.000.000' },
} as const satisfies Options;

/** Other-loan status: whether the borrower has loans elsewhere now. */
export const OTHER_LOAN_STATUS = {
  1: { 'en-US': 'Yes, not yet repaid', 'id-ID': 'Ada, belum lunas' },
  2: { 'en-US': 'Had loans, all repaid', 'id-ID': 'Pernah, sudah lunas' },
  3: { 'en-US': 'No other loans', 'id-ID': 'Tidak ada' },
} as const satisfies Options;

export const RELATION = {
  1: { 'en-US': 'Relative', 'id-ID': 'Kerabat' },
  2: { 'en-US': 'Spouse', 'id-ID': 'Suami/Istri' },
  3: { 'en-US': 'Sibling', 'id-ID': 'Saudara kandung' },
  4: { 'en-US': 'Child', 'id-ID': 'Anak' },
  5: { 'en-US': 'Colleague', 'id-ID': 'Rekan kerja' },
  6: { 'en-US': 'Classmate', 'id-ID': 'Teman sekolah' },
  7: { 'en-US': 'Friend', 'id-ID': 'Teman' },
  8: { 'en-US': 'Other', 'id-ID': 'Lainnya' },
  // Added after the others, so codes already saved keep their meaning.
  9: { 'en-US': 'Parent', 'id-ID': 'Orang tua' },
} as const satisfies Options;

/** The codes of an enumeration, as numbers, in their display order. */
export function optionCodes(options: Options): number[] {
  return Object.keys(options).map(Number);
}

/** `[{ value, label }]` for a picker in the given language. */
export function optionList(options: Options, locale: Locale): { value: number; label: string }[] {
  return optionCodes(options).map((value) => ({ value, label: options[value]![locale] }));
}
