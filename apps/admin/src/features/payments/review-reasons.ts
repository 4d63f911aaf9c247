/** Why a payment was held for review instead of applied (the server's `review_reason`), in words. */
export const REVIEW_REASON = {
  unknown_code: { 'en-US': 'Unknown code', 'id-ID': 'Kode tidak dikenal' },
  expired_code: { 'en-US': 'Expired code', 'id-ID': 'Kode kedaluwarsa' },
  code_used: { 'en-US': 'Code already used', 'id-ID': 'Kode sudah dipakai' },
  loan_closed: { 'en-US': 'Loan closed', 'id-ID': 'Pinjaman sudah lunas' },
} as const;
