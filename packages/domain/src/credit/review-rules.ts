import type { Bilingual } from '../i18n/locale.ts';
import type { Rupiah } from '../money/rupiah.ts';

/**
 * Why an application waits for a person instead of the rules' answer. Stable codes, stored with the application
 * (credit_applications.review_flags); never rename one.
 */
export const REVIEW_FLAGS = {
  income_above_range: {
    'en-US': 'The monthly income typed is far above the salary range chosen',
    'id-ID': 'Penghasilan bulanan yang diisi jauh di atas rentang gaji yang dipilih',
  },
  face_distance_near_threshold: {
    'en-US': 'The selfie passed the face check only just (distance near the threshold)',
    'id-ID': 'Selfie lolos pemeriksaan wajah dengan selisih tipis (jarak mendekati ambang batas)',
  },
  face_not_live_checked: {
    'en-US':
      'The selfie that passed was not taken with the live camera check (sent as a photo, or checked before the live check existed): compare it with the KTP photo',
    'id-ID':
      'Selfie yang lolos tidak diambil dengan pemeriksaan kamera langsung (dikirim sebagai foto, atau diperiksa sebelum pemeriksaan langsung ada): bandingkan dengan foto KTP',
  },
  bureau_unavailable: {
    'en-US': 'The credit bureau (FDC) did not answer',
    'id-ID': 'Biro kredit (FDC) tidak memberikan jawaban',
  },
} as const satisfies Record<string, Bilingual>;

export type ReviewFlag = keyof typeof REVIEW_FLAGS;
export const REVIEW_FLAG_CODES = Object.keys(REVIEW_FLAGS) as [ReviewFlag, ...ReviewFlag[]];

/** The lender's configuration of the review rules (env: REVIEW_*). */
export interface ReviewRules {
  /** An income above this many times the top of its declared salary range is doubtful. */
  incomeRangeFactor: number;
  /** A passed face check at or above this distance is near the threshold (face-api: same person up to 0.5). */
  faceDistanceFrom: number;
  /** Minutes after submit from which an unanswered bureau sends the application to a person instead of retrying. */
  bureauUnavailableAfterMinutes: number;
}

/** The top of each salary range (i18n/profile-options.ts SALARY_RANGE), rupiah a month; range 4 has none. */
const SALARY_RANGE_TOP: Readonly<Record<number, Rupiah | null>> = {
  1: 2_000_000 as Rupiah,
  2: 4_000_000 as Rupiah,
  3: 8_000_000 as Rupiah,
  4: null,
};

export interface ReviewFacts {
  salaryRange: number | null;
  monthlyIncome: Rupiah;
  /** The distance of the face check that passed; null when none was measured. */
  faceDistance: number | null;
  /** The face check that passed saw a live person (false: a single selfie, the fallback for a camera that cannot). */
  faceLive: boolean;
}

/**
 * The flags of an application the rules would approve. A rejection by the rules stands without a person: the doubts
 * these name matter only when money would be lent on them.
 */
export function reviewFlagsOf(facts: ReviewFacts, rules: ReviewRules): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  const top = facts.salaryRange === null ? null : (SALARY_RANGE_TOP[facts.salaryRange] ?? null);
  if (top !== null && facts.monthlyIncome > top * rules.incomeRangeFactor) flags.push('income_above_range');
  if (facts.faceDistance !== null && facts.faceDistance >= rules.faceDistanceFrom)
    flags.push('face_distance_near_threshold');
  if (!facts.faceLive) flags.push('face_not_live_checked');
  return flags;
}

/** Whether an unanswered bureau has waited long enough for a person to decide instead. */
export function bureauWaitOver(submittedAt: Date, now: Date, rules: ReviewRules): boolean {
  return now.getTime() - submittedAt.getTime() >= rules.bureauUnavailableAfterMinutes * 60_000;
}
