import type { Bilingual } from '../i18n/locale.ts';
import { addMonths, type BusinessDate } from '../pricing/business-date.ts';
import { EMERGENCY_CONTACT_CONSENT_VERSION, PRIVACY_VERSION, TERMS_VERSION } from './versions.ts';

/**
 * The borrower's rights under UU PDP 27/2022 as the app keeps them (Me > My data), and the rules behind them. Pure
 * and zod-free: the server applies them, the web app shows their texts. Articles as read in the law's text: access
 * and a copy (Pasal 7, 32), correction (Pasal 6, 30), erasure (Pasal 8, 43), withdrawal of consent and the end of
 * processing within 3 x 24 hours (Pasal 9, 40), destruction when retention ends (Pasal 44), proof of consent (Pasal 24).
 */

/** The consents a borrower gives, each recorded with its text's version and the time (agreement_acceptances). */
export const CONSENT_KINDS = ['terms', 'privacy', 'emergency_contacts', 'location'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Consents the borrower can withdraw in the app (the others are said why not: CONSENT_TEXTS). */
export const WITHDRAWABLE_CONSENTS = ['privacy', 'emergency_contacts'] as const;
export type WithdrawableConsent = (typeof WITHDRAWABLE_CONSENTS)[number];

export function isWithdrawable(kind: string): kind is WithdrawableConsent {
  return (WITHDRAWABLE_CONSENTS as readonly string[]).includes(kind);
}

/** The version of each consent's text in force today (location has none: it is the browser's permission). */
export const CURRENT_CONSENT_VERSIONS: Readonly<Record<ConsentKind, string | null>> = {
  terms: TERMS_VERSION,
  privacy: PRIVACY_VERSION,
  emergency_contacts: EMERGENCY_CONTACT_CONSENT_VERSION,
  location: null,
};

/** UU PDP Pasal 40: processing that needs a withdrawn consent stops within 3 x 24 hours of the request. */
export const WITHDRAWAL_STOP_HOURS = 72;

export interface ConsentText {
  /** What the consent is for. */
  purpose: Bilingual;
  /** What withdrawing it does (withdrawable), or why and how it ends otherwise. */
  withdrawal: Bilingual;
}

export const CONSENT_TEXTS: Readonly<Record<ConsentKind, ConsentText>> = {
  terms: {
    purpose: {
      'id-ID': 'Syarat dan ketentuan penggunaan KasKita: perjanjian antara Anda dan kami.',
      'en-US': 'The KasKita terms of use: the agreement between you and us.',
    },
    withdrawal: {
      'id-ID':
        'Ini perjanjian, bukan persetujuan yang dapat ditarik sendiri: perjanjian berakhir saat Anda menghapus akun (bila tidak ada pinjaman yang harus dibayar).',
      'en-US':
        'This is an agreement, not a consent withdrawn on its own: it ends when you delete your account (once no loan is owed).',
    },
  },
  privacy: {
    purpose: {
      'id-ID':
        'Pemrosesan data pribadi Anda menurut Kebijakan Privasi, termasuk penilaian kelayakan otomatis untuk pengajuan dan pinjaman baru.',
      'en-US':
        'Processing your personal data under the Privacy Policy, including the automated eligibility assessment for new applications and loans.',
    },
    withdrawal: {
      'id-ID':
        'Saat ditarik, penilaian kelayakan berhenti seketika: tidak ada pengajuan atau pinjaman baru sampai Anda memberikan persetujuan lagi.',
      'en-US':
        'When withdrawn, the eligibility assessment stops at once: no new application or loan until you give your consent again.',
    },
  },
  emergency_contacts: {
    purpose: {
      'id-ID':
        'Menghubungi dua kontak darurat yang Anda ketik, hanya untuk mengonfirmasi keberadaan Anda bila Anda tidak dapat dihubungi, tidak pernah untuk menagih.',
      'en-US':
        'Contacting the two emergency contacts you typed, only to confirm your whereabouts when you cannot be reached, never to collect.',
    },
    withdrawal: {
      'id-ID':
        'Saat ditarik, nama dan nomor kontak darurat dihapus seketika dan tidak akan pernah dihubungi. Pengajuan baru memerlukan kontak darurat lagi.',
      'en-US':
        'When withdrawn, the names and numbers of your emergency contacts are erased at once and never contacted. A new application needs emergency contacts again.',
    },
  },
  location: {
    purpose: {
      'id-ID':
        'Lokasi perangkat saat Anda mengirim pengajuan (wajib untuk pengajuan, dengan izin browser Anda).',
      'en-US':
        "Your device's location when you submit an application (required to apply, with your browser's permission).",
    },
    withdrawal: {
      'id-ID':
        'Lokasi hanya dibaca saat Anda mengirim pengajuan: matikan izin lokasi di pengaturan browser. Lokasi yang tercatat adalah bagian dari catatan pengajuan dan disimpan selama masa simpannya.',
      'en-US':
        "Location is read only when you submit an application: turn the location permission off in your browser's settings. A recorded location is part of the application's record and is kept for its retention period.",
    },
  },
};

/**
 * What goes on while a loan is owed whatever the borrower withdraws, and why: the agreement and the law, not consent,
 * are their basis (UU PDP Pasal 20(2): performance of an agreement, a legal obligation).
 */
export const WHILE_OWED_CONTINUES: readonly { what: Bilingual; why: Bilingual }[] = [
  {
    what: {
      'id-ID': 'Pengingat jatuh tempo dan pemberitahuan tagihan lewat SMS/WhatsApp ke nomor Anda',
      'en-US': 'Due-date reminders and bill notices by SMS/WhatsApp to your number',
    },
    why: { 'id-ID': 'pelaksanaan perjanjian pinjaman', 'en-US': 'performing the loan agreement' },
  },
  {
    what: {
      'id-ID': 'Menerima dan mencatat pembayaran Anda, serta pengembalian dana',
      'en-US': 'Receiving and recording your payments, and refunds',
    },
    why: { 'id-ID': 'pelaksanaan perjanjian pinjaman', 'en-US': 'performing the loan agreement' },
  },
  {
    what: {
      'id-ID':
        'Penagihan kepada Anda sendiri (Senin-Sabtu, 08.00-20.00 waktu setempat), tidak pernah kepada kontak darurat',
      'en-US':
        'Collection with you only (Monday-Saturday, 08:00-20:00 local time), never with emergency contacts',
    },
    why: {
      'id-ID': 'pelaksanaan perjanjian pinjaman, sesuai ketentuan OJK',
      'en-US': 'performing the loan agreement, as OJK rules allow',
    },
  },
  {
    what: {
      'id-ID': 'Pelaporan pinjaman ke Pusdafil dan SLIK OJK',
      'en-US': 'Reporting the loan to Pusdafil and OJK SLIK',
    },
    why: { 'id-ID': 'kewajiban hukum', 'en-US': 'a legal obligation' },
  },
];

/** Fields of the KTP identity that lock once the application is submitted: a change goes through staff. */
export const CORRECTABLE_FIELDS = ['name', 'nik', 'birth_date', 'gender', 'religion', 'marriage'] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

export const CORRECTION_STATUSES = ['open', 'approved', 'refused'] as const;
export type CorrectionStatus = (typeof CORRECTION_STATUSES)[number];

export { DELETION_BLOCKERS, type DeletionBlocker } from './deletion-blockers.ts';

/**
 * How long what a closed account leaves is kept, by what the borrower did with us:
 * - `relationship` (a loan, or an approved application): 5 years from the end of the business relationship (the
 *   account's closure). UU 8/2010 (TPPU) Pasal 21(2): a reporting party keeps records and documents of the identity
 *   of those it transacts with for at least 5 years after the business relationship ends; our privacy policy (section
 *   5) promises at most 5 years, so exactly 5.
 * - `application` (applications, none approved, no loan): 1 year, the privacy policy's section 5 (fraud prevention).
 * - `none` (never applied): nothing is kept; everything is erased at once.
 */
export const RETENTION_CATEGORIES = ['none', 'application', 'relationship'] as const;
export type RetentionCategory = (typeof RETENTION_CATEGORIES)[number];

export const RETENTION_YEARS: Readonly<Record<Exclude<RetentionCategory, 'none'>, number>> = {
  application: 1,
  relationship: 5,
};

export function retentionCategory(facts: {
  loans: number;
  approvedApplications: number;
  applications: number;
}): RetentionCategory {
  if (facts.loans > 0 || facts.approvedApplications > 0) return 'relationship';
  return facts.applications > 0 ? 'application' : 'none';
}

/** The Jakarta date from which the kept records are destroyed (29 February's anniversary is 28 February). */
export function retainUntil(closedOn: BusinessDate, category: RetentionCategory): BusinessDate | null {
  if (category === 'none') return null;
  return addMonths(closedOn, RETENTION_YEARS[category] * 12);
}

/** The kinds of record a closed account leaves for its retention period, as the borrower is told before deleting. */
export const KEPT_RECORDS = [
  'identity',
  'kyc_images',
  'consents',
  'applications',
  'loans',
  'payments',
  'bank_accounts',
  'messages',
  'support',
] as const;
export type KeptRecord = (typeof KEPT_RECORDS)[number];

export const KEPT_RECORD_TEXTS: Readonly<Record<KeptRecord, Bilingual>> = {
  identity: {
    'id-ID':
      'Identitas KTP (nama, NIK, tanggal lahir, jenis kelamin, agama, status perkawinan), alamat, nama ibu kandung, nomor HP, pekerjaan dan penghasilan',
    'en-US':
      "KTP identity (name, NIK, birth date, gender, religion, marital status), address, mother's maiden name, mobile number, job and income",
  },
  kyc_images: { 'id-ID': 'Foto KTP dan foto wajah', 'en-US': 'KTP photo and selfie' },
  consents: {
    'id-ID': 'Catatan persetujuan Anda (versi dan waktunya)',
    'en-US': 'The record of your consents (versions and times)',
  },
  applications: {
    'id-ID': 'Pengajuan dan keputusan kreditnya, termasuk lokasi saat pengajuan',
    'en-US': 'Applications and their credit decisions, including the location at submission',
  },
  loans: {
    'id-ID': 'Pinjaman, perjanjian yang Anda setujui, tagihan dan pencairan',
    'en-US': 'Loans, the agreements you accepted, bills and disbursements',
  },
  payments: {
    'id-ID': 'Pembayaran, kode pembayaran, klaim pembayaran dan pengembalian dana',
    'en-US': 'Payments, payment codes, payment claims and refunds',
  },
  bank_accounts: { 'id-ID': 'Rekening bank untuk pencairan', 'en-US': 'Bank accounts for disbursement' },
  messages: {
    'id-ID': 'Catatan pesan yang kami kirim ke nomor Anda (tanpa isinya) dan catatan penagihan',
    'en-US': 'The record of messages we sent to your number (without their text) and of collection contacts',
  },
  support: {
    'id-ID': 'Masukan dan pengaduan Anda beserta jawabannya',
    'en-US': 'Your feedback and complaints with their answers',
  },
};

/** Why the records are kept, by category. */
export const RETENTION_REASONS: Readonly<Record<Exclude<RetentionCategory, 'none'>, Bilingual>> = {
  relationship: {
    'id-ID':
      'UU 8/2010 tentang Pencegahan dan Pemberantasan Tindak Pidana Pencucian Uang (Pasal 21) mewajibkan kami menyimpan catatan identitas dan transaksi 5 tahun sejak hubungan usaha berakhir.',
    'en-US':
      'Law 8/2010 on money laundering (Article 21) requires us to keep identity and transaction records for 5 years after the business relationship ends.',
  },
  application: {
    'id-ID':
      'Data pengajuan yang tidak disetujui disimpan 1 tahun untuk pencegahan penipuan (Kebijakan Privasi, bagian 5).',
    'en-US':
      'Data of applications that were not approved is kept for 1 year for fraud prevention (Privacy Policy, section 5).',
  },
};

/** Which kinds of record a category keeps: only those the borrower has are listed (the server says which). */
export const KEPT_BY_CATEGORY: Readonly<Record<RetentionCategory, readonly KeptRecord[]>> = {
  none: [],
  application: ['identity', 'kyc_images', 'consents', 'applications', 'bank_accounts', 'messages', 'support'],
  relationship: KEPT_RECORDS,
};

/** Erased at once whatever the category: what no rule asks us to keep. */
export const ERASED_AT_CLOSURE_TEXTS: readonly Bilingual[] = [
  { 'id-ID': 'Kontak darurat', 'en-US': 'Emergency contacts' },
  { 'id-ID': 'Email dan nomor WhatsApp', 'en-US': 'Email and WhatsApp number' },
  { 'id-ID': 'Formulir yang belum disimpan (draf)', 'en-US': 'Unsaved forms (drafts)' },
  { 'id-ID': 'Hasil baca OCR dari KTP', 'en-US': "OCR's reading of your KTP" },
  { 'id-ID': 'Perangkat dan sesi masuk', 'en-US': 'Signed-in devices and sessions' },
  { 'id-ID': 'Kode verifikasi SMS', 'en-US': 'SMS verification codes' },
  { 'id-ID': 'Permintaan koreksi data', 'en-US': 'Data correction requests' },
];
