import type { Bilingual } from '@kaskita/domain/i18n/locale';

/**
 * The approval previews' field names in words, for the approver. The server names them as each command's preview
 * does (approvals-module.ts, refunds, products, review); a name missing here is shown as it is, so a new preview is
 * never hidden, only less friendly. Fields inside a product's changes are the product's own and stay as they are.
 */
export const PREVIEW_FIELD: Record<string, Bilingual> = {
  paymentId: { 'en-US': 'Payment', 'id-ID': 'Pembayaran' },
  loanId: { 'en-US': 'Loan', 'id-ID': 'Pinjaman' },
  refundId: { 'en-US': 'Refund', 'id-ID': 'Pengembalian dana' },
  applicationId: { 'en-US': 'Application', 'id-ID': 'Pengajuan' },
  borrowerId: { 'en-US': 'Borrower', 'id-ID': 'Peminjam' },
  paymentBorrowerId: { 'en-US': 'Borrower of the paid code', 'id-ID': 'Peminjam pemilik kode yang dibayar' },
  sameBorrower: { 'en-US': "Paid by the loan's own borrower", 'id-ID': 'Dibayar oleh peminjam pinjaman ini' },
  amount: { 'en-US': 'Amount', 'id-ID': 'Jumlah' },
  paidAt: { 'en-US': 'Paid at', 'id-ID': 'Dibayar' },
  reviewReason: { 'en-US': 'Why it was not applied', 'id-ID': 'Alasan belum diterapkan' },
  returnTo: { 'en-US': 'Sent back to', 'id-ID': 'Dikembalikan ke' },
  autoMax: { 'en-US': 'Paid without approval up to', 'id-ID': 'Dibayar tanpa persetujuan hingga' },
  waive: { 'en-US': 'Late fees to waive', 'id-ID': 'Denda yang dihapus' },
  before: { 'en-US': 'Loan before', 'id-ID': 'Pinjaman sebelum' },
  after: { 'en-US': 'Loan after', 'id-ID': 'Pinjaman sesudah' },
  state: { 'en-US': 'State', 'id-ID': 'Status' },
  asOf: { 'en-US': 'As of', 'id-ID': 'Per tanggal' },
  outstanding: { 'en-US': 'Owed', 'id-ID': 'Terutang' },
  credit: { 'en-US': 'Credit held', 'id-ID': 'Saldo lebih' },
  flags: { 'en-US': 'Doubts raised', 'id-ID': 'Keraguan' },
  outcome: { 'en-US': 'Decision', 'id-ID': 'Keputusan' },
  limitAmount: { 'en-US': 'Credit limit', 'id-ID': 'Limit kredit' },
  suggestedLimit: { 'en-US': 'Limit the rules suggested', 'id-ID': 'Limit saran aturan' },
  product_id: { 'en-US': 'Product', 'id-ID': 'Produk' },
  name: { 'en-US': 'Name', 'id-ID': 'Nama' },
  version: { 'en-US': 'Version', 'id-ID': 'Versi' },
  starts_on: { 'en-US': 'Starts on', 'id-ID': 'Mulai' },
  ends_on: { 'en-US': 'Ends on', 'id-ID': 'Berakhir' },
  replaces: { 'en-US': 'Replaces', 'id-ID': 'Menggantikan' },
  now_ends_on: { 'en-US': 'Now ends on', 'id-ID': 'Kini berakhir' },
  cap_checked_on: { 'en-US': 'Caps checked on', 'id-ID': 'Batas diperiksa pada' },
  changes: { 'en-US': 'Changes', 'id-ID': 'Perubahan' },
  // relief.offer (relief module): its kind, and each bill's number, due dates and what it asks before and after
  reliefId: { 'en-US': 'Relief request', 'id-ID': 'Pengajuan keringanan' },
  orderId: { 'en-US': 'Loan', 'id-ID': 'Pinjaman' },
  kind: { 'en-US': 'Kind', 'id-ID': 'Jenis' },
  daysAsked: { 'en-US': 'Days the borrower asked for', 'id-ID': 'Hari yang diminta peminjam' },
  daysOffered: { 'en-US': 'Days offered', 'id-ID': 'Hari yang ditawarkan' },
  extraAsked: {
    'en-US': 'Instalments the borrower asked to add',
    'id-ID': 'Cicilan tambahan yang diminta peminjam',
  },
  extraOffered: { 'en-US': 'Instalments offered', 'id-ID': 'Cicilan tambahan yang ditawarkan' },
  bills: { 'en-US': 'Bills changed', 'id-ID': 'Tagihan yang berubah' },
  number: { 'en-US': 'Bill', 'id-ID': 'Tagihan ke-' },
  dueDateBefore: { 'en-US': 'Due before', 'id-ID': 'Jatuh tempo sebelum' },
  dueDateAfter: { 'en-US': 'Due after', 'id-ID': 'Jatuh tempo sesudah' },
  remainingBefore: { 'en-US': 'Owed before', 'id-ID': 'Sisa sebelum' },
  remaining: { 'en-US': 'Owed after', 'id-ID': 'Sisa sesudah' },
  lateFeesKept: { 'en-US': 'Late fees that stay owed', 'id-ID': 'Denda yang tetap terutang' },
};

/** Rupiah amounts among the preview fields. */
export const MONEY_FIELDS = new Set([
  'amount',
  'outstanding',
  'credit',
  'waive',
  'autoMax',
  'limitAmount',
  'suggestedLimit',
  'remainingBefore',
  'remaining',
  'lateFeesKept',
]);
