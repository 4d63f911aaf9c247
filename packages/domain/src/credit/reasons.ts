import type { Bilingual } from '../i18n/locale.ts';

/**
 * Why a credit decision came out as it did: every rule that refused (or limited) an application names one of these.
 * Stable codes, stored with each decision and shown to the borrower in plain words; never renumber or rename one.
 */
export const CREDIT_REASONS = {
  age_out_of_range: {
    'en-US': 'Our loans are for borrowers aged 21 to 60',
    'id-ID': 'Pinjaman kami untuk peminjam berusia 21 sampai 60 tahun',
  },
  ktp_missing: {
    'en-US': 'Your KTP has not been confirmed',
    'id-ID': 'KTP Anda belum dikonfirmasi',
  },
  bank_account_unverified: {
    'en-US': 'Your bank account in your own name has not been verified',
    'id-ID': 'Rekening bank atas nama Anda belum terverifikasi',
  },
  face_not_passed: {
    'en-US': 'Your face verification has not been passed',
    'id-ID': 'Verifikasi wajah Anda belum berhasil',
  },
  whatsapp_unverified: {
    'en-US': 'Your WhatsApp number has not been verified',
    'id-ID': 'Nomor WhatsApp Anda belum terverifikasi',
  },
  too_many_platforms: {
    'en-US': 'You already have loans on 3 lending platforms, the most OJK allows',
    'id-ID': 'Anda sudah memiliki pinjaman di 3 platform pinjaman, batas maksimal dari OJK',
  },
  serious_arrears_elsewhere: {
    'en-US': 'A loan on another platform is more than 90 days overdue',
    'id-ID': 'Ada pinjaman di platform lain yang terlambat lebih dari 90 hari',
  },
  unaffordable: {
    'en-US': 'The smallest instalment we offer would be more than 30% of your monthly income',
    'id-ID': 'Cicilan terkecil kami akan melebihi 30% dari penghasilan bulanan Anda',
  },
  score_too_low: {
    'en-US': 'Your profile does not meet our credit criteria at this time',
    'id-ID': 'Profil Anda belum memenuhi kriteria kredit kami saat ini',
  },
  overdue_with_us: {
    'en-US': 'You have an overdue loan with us',
    'id-ID': 'Anda memiliki pinjaman yang terlambat di kami',
  },
  reviewer_decision: {
    'en-US': 'Decided by our credit reviewer',
    'id-ID': 'Diputuskan oleh peninjau kredit kami',
  },
} as const satisfies Record<string, Bilingual>;

export type CreditReasonCode = keyof typeof CREDIT_REASONS;
export const CREDIT_REASON_CODES = Object.keys(CREDIT_REASONS) as [CreditReasonCode, ...CreditReasonCode[]];
