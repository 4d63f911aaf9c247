/**
 * The relief addendum (adendum keringanan): what the borrower signs to move their bills, in one language at a time,
 * written side by side (`tr(id, en)`) like the loan agreement, and its PDF (Indonesian first, the binding text under UU
 * 24/2009, then the English translation). Its figures are the engine's terms (lifecycle/relief.ts), so it cannot
 * disagree with the bills. The PDF's bytes are a function of the input alone: the SHA-256 kept with the acceptance
 * identifies the document signed.
 */
import { createHash } from 'node:crypto';
import type { Locale } from '@kaskita/domain/i18n/locale';
import type { ReliefTerms } from '@kaskita/domain/lifecycle/relief';
import { formatRupiah, sumRupiah, type Rupiah } from '@kaskita/domain/money/rupiah';
import { formatDisplayDate } from '@kaskita/domain/pricing/business-date';
import type { PdfText } from '../../pdf/text-pdf-layout.ts';
import type { StoredReliefBill } from './relief-schema.ts';

/** The date each kind's text took effect: change a text, change its version (old documents keep theirs). */
export const RELIEF_ADDENDUM_VERSIONS = { defer: '2026-11-29', spread: '2026-11-30' } as const;

export interface ReliefAddendumInput {
  reliefId: string;
  /** The loan agreement it amends: the order's number. */
  orderId: string;
  /** When it was signed, or null for the preview of an offer ("PRATINJAU / PREVIEW"). */
  signedAt: Date | null;
  /** The PDF's creation date: the signing time, or the offer's time for a preview. */
  issuedAt: Date;
  lender: { legalName: string; ojkRegistrationNumber: string };
  borrower: { name: string; nikMasked: string };
  terms: ReliefTerms;
  bills: readonly StoredReliefBill[];
  lateFeesKept: Rupiah;
}

const PREVIEW = 'PRATINJAU / PREVIEW';

/** When the document was signed, in WIB, as printed. */
function signedText(at: Date): string {
  const wib = new Date(at.getTime() + 7 * 3_600_000).toISOString();
  return `${wib.slice(8, 10)}/${wib.slice(5, 7)}/${wib.slice(0, 4)} ${wib.slice(11, 16)} WIB`;
}

export function reliefAddendumText(input: ReliefAddendumInput, locale: Locale): PdfText {
  const tr = (id: string, en: string) => (locale === 'id-ID' ? id : en);
  const spread = input.terms.kind === 'spread';
  return {
    title: spread
      ? tr('Adendum Perjanjian Pinjaman: Keringanan Cicilan', 'Loan Agreement Addendum: Instalment Relief')
      : tr('Adendum Perjanjian Pinjaman: Keringanan Jatuh Tempo', 'Loan Agreement Addendum: Due Date Relief'),
    subtitle: `${tr('No.', 'No.')} ${input.signedAt ? input.reliefId : PREVIEW} · ${tr('Perjanjian', 'Agreement')} ${input.orderId}`,
    sections: [
      {
        heading: tr('1. Para pihak', '1. The parties'),
        paragraphs: [
          tr(
            `Pemberi pinjaman: ${input.lender.legalName}, terdaftar dan diawasi oleh OJK (${input.lender.ojkRegistrationNumber}).`,
            `Lender: ${input.lender.legalName}, registered with and supervised by OJK (${input.lender.ojkRegistrationNumber}).`,
          ),
          tr(
            `Peminjam: ${input.borrower.name}, NIK ${input.borrower.nikMasked}.`,
            `Borrower: ${input.borrower.name}, NIK ${input.borrower.nikMasked}.`,
          ),
        ],
      },
      input.terms.kind === 'spread'
        ? spreadChanges(input, input.terms.extra, tr)
        : deferralChanges(input, input.terms.days, tr),
      {
        heading: tr('3. Tanpa biaya tambahan', '3. No added cost'),
        paragraphs: [
          tr(
            'Keringanan ini tidak menambah bunga, biaya, atau denda apa pun. Bunga dan biaya tetap dihitung per hari pemakaian seperti dalam perjanjian, sehingga pelunasan lebih awal tetap menghemat biaya hari yang tidak dipakai.',
            'This relief adds no interest, fee or charge of any kind. Interest and fees are still charged per day of use as in the agreement, so settling early still saves the charges of the days not used.',
          ),
          ...(spread
            ? [
                tr(
                  'Cicilan tambahan hanya berisi pokok pinjaman: tidak ada bunga atau biaya untuknya.',
                  'The added instalments are principal only: they carry no interest or fee.',
                ),
              ]
            : []),
          tr(
            `Denda keterlambatan yang sudah dikenakan sebelum adendum ini (${formatRupiah(input.lateFeesKept)}) tetap terutang. Tidak ada denda keterlambatan baru sampai tanggal jatuh tempo baru; setelah tanggal itu, ketentuan denda dalam perjanjian berlaku kembali.`,
            `Late fees charged before this addendum (${formatRupiah(input.lateFeesKept)}) remain owed. No new late fee accrues until the new due dates; after them, the agreement's late-fee terms apply again.`,
          ),
        ],
      },
      {
        heading: tr('4. Lain-lain', '4. Everything else'),
        paragraphs: [
          tr(
            'Semua ketentuan lain dari perjanjian pinjaman tetap berlaku. Adendum ini berlaku sejak ditandatangani secara elektronik oleh Peminjam di aplikasi.',
            'Every other term of the loan agreement stays in force. This addendum takes effect when the Borrower signs it electronically in the app.',
          ),
          input.signedAt
            ? tr(
                `Ditandatangani secara elektronik oleh Peminjam pada ${signedText(input.signedAt)}.`,
                `Signed electronically by the Borrower on ${signedText(input.signedAt)}.`,
              )
            : tr('Pratinjau: belum ditandatangani.', 'Preview: not yet signed.'),
        ],
      },
    ],
  };
}

type Tr = (id: string, en: string) => string;

/** Section 2 of a deferral: the same amounts, later dates (the addendum's first text, unchanged). */
function deferralChanges(input: ReliefAddendumInput, days: number, tr: Tr): PdfText['sections'][number] {
  const total = sumRupiah(input.bills.map((b) => b.remaining as Rupiah));
  return {
    heading: tr('2. Perubahan', '2. What changes'),
    paragraphs: [
      tr(
        `Atas permohonan Peminjam, setiap tagihan yang belum dibayar pada perjanjian ${input.orderId} jatuh tempo ${days} hari lebih lambat, sesuai tabel berikut. Jumlah setiap tagihan tidak berubah.`,
        `At the Borrower's request, every unpaid bill of agreement ${input.orderId} falls due ${days} days later, as in the table below. The amount of each bill does not change.`,
      ),
    ],
    table: {
      columns: [
        tr('Tagihan', 'Bill'),
        tr('Jatuh tempo semula', 'Due date before'),
        tr('Jatuh tempo baru', 'New due date'),
        tr('Sisa tagihan', 'Still owed'),
      ],
      rows: [
        ...input.bills.map((b) => [
          String(b.number),
          b.dueDateBefore ? formatDisplayDate(b.dueDateBefore) : '—',
          formatDisplayDate(b.dueDateAfter),
          formatRupiah(b.remaining as Rupiah),
        ]),
        [tr('Jumlah', 'Total'), '', '', formatRupiah(total)],
      ],
    },
  };
}

/** Section 2 of a spread: smaller bills, and new ones after the last; the total unchanged. */
function spreadChanges(input: ReliefAddendumInput, extra: number, tr: Tr): PdfText['sections'][number] {
  const before = sumRupiah(input.bills.map((b) => (b.remainingBefore ?? b.remaining) as Rupiah));
  const after = sumRupiah(input.bills.map((b) => b.remaining as Rupiah));
  return {
    heading: tr('2. Perubahan', '2. What changes'),
    paragraphs: [
      tr(
        `Atas permohonan Peminjam, sisa pokok pinjaman pada perjanjian ${input.orderId} dibagi ulang ke ${extra} cicilan tambahan setelah cicilan terakhir, sesuai tabel berikut. Tidak ada tagihan yang menjadi lebih besar, dan jumlah seluruh tagihan tidak berubah.`,
        `At the Borrower's request, what remains of the principal of agreement ${input.orderId} is spread again over ${extra} more instalment${extra === 1 ? '' : 's'} after the last one, as in the table below. No bill becomes larger, and the total of the bills does not change.`,
      ),
      tr(
        'Bila tagihan berikutnya jatuh tempo kurang dari tujuh hari lagi, semua tagihan yang belum dibayar dimundurkan dengan jumlah hari yang sama, seperti tertera di tabel.',
        'Where the next bill would fall due within seven days, every unpaid bill moves later by the same days, as the table shows.',
      ),
    ],
    table: {
      columns: [
        tr('Tagihan', 'Bill'),
        tr('Jatuh tempo semula', 'Due date before'),
        tr('Jatuh tempo baru', 'New due date'),
        tr('Tagihan semula', 'Bill before'),
        tr('Tagihan baru', 'New bill'),
      ],
      rows: [
        ...input.bills.map((b) => [
          String(b.number),
          b.dueDateBefore ? formatDisplayDate(b.dueDateBefore) : tr('baru', 'new'),
          formatDisplayDate(b.dueDateAfter),
          b.dueDateBefore ? formatRupiah((b.remainingBefore ?? b.remaining) as Rupiah) : '—',
          formatRupiah(b.remaining as Rupiah),
        ]),
        [tr('Jumlah', 'Total'), '', '', formatRupiah(before), formatRupiah(after)],
      ],
    },
  };
}

/** The PDF: Indonesian first (binding), then English; deterministic bytes. */
export async function renderReliefAddendumPdf(
  input: ReliefAddendumInput,
): Promise<{ pdf: Uint8Array; sha256: string }> {
  const { doc, layout } = await (await import('../../pdf/text-pdf-layout.ts')).newTextPdf();
  layout.document(reliefAddendumText(input, 'id-ID'));
  layout.newPage();
  layout.document(reliefAddendumText(input, 'en-US'));
  const version = RELIEF_ADDENDUM_VERSIONS[input.terms.kind];
  layout.footers(`No. ${input.signedAt ? input.reliefId : PREVIEW} | v${version}`);
  doc.setTitle('Adendum Keringanan / Relief Addendum');
  doc.setSubject(`${input.reliefId} v${version}`);
  doc.setCreator('KasKita');
  doc.setProducer('KasKita relief addendum');
  doc.setLanguage('id-ID');
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);
  const pdf = await doc.save({ useObjectStreams: false });
  return { pdf, sha256: createHash('sha256').update(pdf).digest('hex') };
}
