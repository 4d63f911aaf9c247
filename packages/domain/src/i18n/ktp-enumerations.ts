import type { MARRIAGE, RELIGION } from './profile-options.ts';

/**
 * The words a KTP prints for its closed lists, by the profile's codes (profile-options.ts holds the codes and their
 * labels): what the OCR reader matches a card's text against.
 */

export type ReligionCode = keyof typeof RELIGION;
export type MaritalCode = keyof typeof MARRIAGE;

/** Agama. */
export const RELIGIONS = {
  1: { ktp: 'ISLAM' },
  2: { ktp: 'KRISTEN' },
  3: { ktp: 'KATOLIK' },
  4: { ktp: 'HINDU' },
  5: { ktp: 'BUDDHA' },
  6: { ktp: 'KONGHUCU' },
} as const satisfies Record<ReligionCode, { ktp: string }>;

/** Status Perkawinan. */
export const MARITAL_STATUSES = {
  1: { ktp: 'KAWIN' },
  2: { ktp: 'BELUM KAWIN' },
  3: { ktp: 'CERAI HIDUP' },
  4: { ktp: 'CERAI MATI' },
} as const satisfies Record<MaritalCode, { ktp: string }>;

/** Jenis Kelamin. */
export const GENDERS = {
  male: { ktp: 'LAKI-LAKI' },
  female: { ktp: 'PEREMPUAN' },
} as const;

export type Gender = keyof typeof GENDERS;
