import type { Bilingual } from './locale.ts';

/**
 * The closed lists printed on a KTP, as the codes the API and database carry. Codes are stable (stored with each
 * profile and sent by the web), so never renumber one; the words are what the card prints, for reading it.
 */

/** Agama: the six religions a KTP records. */
export const RELIGIONS = {
  1: { ktp: 'ISLAM', label: { 'en-US': 'Islam', 'id-ID': 'Islam' } },
  2: { ktp: 'KRISTEN', label: { 'en-US': 'Christian (Protestant)', 'id-ID': 'Kristen' } },
  3: { ktp: 'KATOLIK', label: { 'en-US': 'Catholic', 'id-ID': 'Katolik' } },
  4: { ktp: 'HINDU', label: { 'en-US': 'Hindu', 'id-ID': 'Hindu' } },
  5: { ktp: 'BUDDHA', label: { 'en-US': 'Buddhist', 'id-ID': 'Buddha' } },
  6: { ktp: 'KONGHUCU', label: { 'en-US': 'Confucian', 'id-ID': 'Konghucu' } },
} as const satisfies Record<number, { ktp: string; label: Bilingual }>;

export type ReligionCode = keyof typeof RELIGIONS;

/** Status Perkawinan. */
export const MARITAL_STATUSES = {
  1: { ktp: 'KAWIN', label: { 'en-US': 'Married', 'id-ID': 'Kawin' } },
  2: { ktp: 'BELUM KAWIN', label: { 'en-US': 'Single', 'id-ID': 'Belum kawin' } },
  3: { ktp: 'CERAI HIDUP', label: { 'en-US': 'Divorced', 'id-ID': 'Cerai hidup' } },
  4: { ktp: 'CERAI MATI', label: { 'en-US': 'Widowed', 'id-ID': 'Cerai mati' } },
} as const satisfies Record<number, { ktp: string; label: Bilingual }>;

export type MaritalCode = keyof typeof MARITAL_STATUSES;

/** Jenis Kelamin. */
export const GENDERS = {
  male: { ktp: 'LAKI-LAKI', label: { 'en-US': 'Male', 'id-ID': 'Laki-laki' } },
  female: { ktp: 'PEREMPUAN', label: { 'en-US': 'Female', 'id-ID': 'Perempuan' } },
} as const satisfies Record<string, { ktp: string; label: Bilingual }>;

export type Gender = keyof typeof GENDERS;
