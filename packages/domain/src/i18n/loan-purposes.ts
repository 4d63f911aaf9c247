import type { Bilingual } from './locale.ts';

/**
 * What a cash loan is for (GET /v2/get_purpose): a two-level tree, the borrower picks a leaf. Every purpose is
 * consumptive: the cash-loan product is priced and capped as consumptive lending, so business capital (productive
 * lending, other caps) is deliberately not offered. Ids are stable: orders store them.
 */
export interface LoanPurposeNode {
  readonly id: number;
  readonly name: Bilingual;
  readonly children?: readonly LoanPurposeNode[];
}

const p = (id: number, id_: string, en: string, children?: LoanPurposeNode[]): LoanPurposeNode => ({
  id,
  name: { 'id-ID': id_, 'en-US': en },
  ...(children ? { children } : {}),
});

export const LOAN_PURPOSES: readonly LoanPurposeNode[] = [
  p(1, 'Kebutuhan sehari-hari', 'Daily needs', [
    p(101, 'Belanja kebutuhan pokok', 'Groceries'),
    p(102, 'Tagihan listrik, air, internet', 'Utility bills'),
    p(103, 'Sewa tempat tinggal', 'Rent'),
  ]),
  p(2, 'Pendidikan', 'Education', [
    p(201, 'Biaya sekolah atau kuliah', 'School or tuition fees'),
    p(202, 'Buku dan perlengkapan', 'Books and supplies'),
  ]),
  p(3, 'Kesehatan', 'Health', [
    p(301, 'Biaya berobat', 'Medical treatment'),
    p(302, 'Obat-obatan', 'Medicine'),
  ]),
  p(4, 'Rumah tangga', 'Household', [
    p(401, 'Perbaikan rumah', 'Home repair'),
    p(402, 'Perabot dan elektronik', 'Furniture and appliances'),
  ]),
  p(5, 'Keluarga dan acara', 'Family and events', [
    p(501, 'Pernikahan', 'Wedding'),
    p(502, 'Hari raya', 'Religious holiday'),
    p(503, 'Kebutuhan keluarga lainnya', 'Other family needs'),
  ]),
  p(6, 'Transportasi', 'Transport', [
    p(601, 'Servis kendaraan', 'Vehicle repair'),
    p(602, 'Biaya perjalanan', 'Travel'),
  ]),
  p(9, 'Lainnya', 'Other', [p(901, 'Keperluan lainnya', 'Other needs')]),
];

/** The purpose a borrower may choose (a leaf), by id. */
export function findLoanPurpose(id: number): LoanPurposeNode | undefined {
  for (const parent of LOAN_PURPOSES) {
    const leaf = parent.children?.find((child) => child.id === id);
    if (leaf) return leaf;
  }
  return undefined;
}
