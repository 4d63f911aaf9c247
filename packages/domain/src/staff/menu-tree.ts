import type { Bilingual, Locale } from '../i18n/locale.ts';
import { PERMISSIONS, type Permission } from './permissions.ts';

/** A page of the back office and the permission that opens it. */
interface PageDefinition {
  key: string;
  label: Bilingual;
  /** The back office's route. */
  path: string;
  permission: Permission;
}

/** A group of the menu: shown when any of its pages is. Two levels are all the back office needs. */
interface GroupDefinition {
  key: string;
  label: Bilingual;
  pages: readonly PageDefinition[];
}

const P = PERMISSIONS;

/**
 * The back office's menu (GET /api/admin/permissions/user/tree). The spec names the call only; this is our shape:
 * the admin app draws what it is given, so a page a role may not open is never offered to it.
 */
export const MENU: readonly GroupDefinition[] = [
  {
    key: 'loans',
    label: { 'en-US': 'Loans', 'id-ID': 'Pinjaman' },
    pages: [
      {
        key: 'loans.dashboard',
        label: { 'en-US': 'Dashboard', 'id-ID': 'Dasbor' },
        path: '/dashboard',
        permission: P.loanRead,
      },
      {
        key: 'loans.list',
        label: { 'en-US': 'All loans', 'id-ID': 'Semua pinjaman' },
        path: '/loans',
        permission: P.loanRead,
      },
    ],
  },
  {
    key: 'applications',
    label: { 'en-US': 'Applications', 'id-ID': 'Pengajuan' },
    pages: [
      {
        key: 'applications.review',
        label: { 'en-US': 'Review queue', 'id-ID': 'Antrian peninjauan' },
        path: '/applications/review',
        permission: P.applicationDecide,
      },
    ],
  },
  // borrowers (h/review)
  {
    key: 'borrowers',
    label: { 'en-US': 'Borrowers', 'id-ID': 'Peminjam' },
    pages: [
      {
        key: 'borrowers.search',
        label: { 'en-US': 'Find a borrower', 'id-ID': 'Cari peminjam' },
        path: '/borrowers',
        permission: P.loanRead,
      },
      // personal-data rights (h/rights)
      {
        key: 'borrowers.corrections',
        label: { 'en-US': 'Correction requests', 'id-ID': 'Permintaan koreksi data' },
        path: '/corrections',
        permission: P.personalDataCorrect,
      },
    ],
  },
  {
    key: 'payments',
    label: { 'en-US': 'Payments', 'id-ID': 'Pembayaran' },
    pages: [
      {
        key: 'payments.claims',
        label: { 'en-US': 'Payments to resolve', 'id-ID': 'Pembayaran untuk diselesaikan' },
        path: '/payments/claims',
        permission: P.paymentResolve,
      },
      {
        key: 'payments.refunds',
        label: { 'en-US': 'Refund approvals', 'id-ID': 'Persetujuan pengembalian dana' },
        path: '/payments/refunds',
        permission: P.refundApprove,
      },
    ],
  },
  // messages, feedback, complaints and disbursements (h/care)
  {
    key: 'care',
    label: { 'en-US': 'Customer care', 'id-ID': 'Layanan nasabah' },
    pages: [
      {
        key: 'care.messages',
        label: { 'en-US': 'Messages sent', 'id-ID': 'Pesan terkirim' },
        path: '/messages',
        permission: P.loanRead,
      },
      {
        key: 'care.feedback',
        label: { 'en-US': 'Feedback & complaints', 'id-ID': 'Masukan & pengaduan' },
        path: '/feedback',
        permission: P.complaintAnswer,
      },
      {
        key: 'care.complaints',
        label: { 'en-US': 'Complaints', 'id-ID': 'Pengaduan' },
        path: '/complaints',
        permission: P.complaintAnswer,
      },
      {
        key: 'care.disbursements',
        label: { 'en-US': 'Disbursements', 'id-ID': 'Pencairan' },
        path: '/disbursements',
        permission: P.disbursementManage,
      },
    ],
  },
  {
    key: 'approvals',
    label: { 'en-US': 'Approvals', 'id-ID': 'Persetujuan' },
    pages: [
      {
        key: 'approvals.queue',
        label: { 'en-US': 'Waiting for approval', 'id-ID': 'Menunggu persetujuan' },
        path: '/approvals',
        // Every role may ask for or decide something there; the list holds only what the member may see.
        permission: P.loanRead,
      },
    ],
  },
  {
    key: 'products',
    label: { 'en-US': 'Products', 'id-ID': 'Produk' },
    pages: [
      {
        key: 'products.list',
        label: { 'en-US': 'Products and versions', 'id-ID': 'Produk dan versi' },
        path: '/products',
        permission: P.loanRead,
      },
      {
        key: 'products.caps',
        label: { 'en-US': 'Regulatory caps', 'id-ID': 'Batas regulasi' },
        path: '/products/caps',
        permission: P.loanRead,
      },
      {
        key: 'products.proposals',
        label: { 'en-US': 'Propose a change', 'id-ID': 'Usulkan perubahan' },
        path: '/products/proposals',
        permission: P.productPropose,
      },
      {
        key: 'products.approvals',
        label: { 'en-US': 'Approve changes', 'id-ID': 'Setujui perubahan' },
        path: '/products/approvals',
        permission: P.productApprove,
      },
    ],
  },
  // collections (h/collections)
  {
    key: 'collections',
    label: { 'en-US': 'Collections', 'id-ID': 'Penagihan' },
    pages: [
      {
        key: 'collections.queue',
        label: { 'en-US': 'Overdue loans', 'id-ID': 'Pinjaman terlambat' },
        path: '/collections',
        permission: P.collectionContact,
      },
      {
        key: 'collections.relief',
        label: { 'en-US': 'Relief requests', 'id-ID': 'Pengajuan keringanan' },
        path: '/relief',
        permission: P.reliefPropose,
      },
    ],
  },
  {
    key: 'administration',
    label: { 'en-US': 'Administration', 'id-ID': 'Administrasi' },
    pages: [
      {
        key: 'administration.staff',
        label: { 'en-US': 'Staff', 'id-ID': 'Staf' },
        path: '/staff',
        permission: P.staffManage,
      },
      {
        key: 'administration.audit',
        label: { 'en-US': 'Audit log', 'id-ID': 'Log audit' },
        path: '/audit',
        permission: P.auditRead,
      },
    ],
  },
];

export interface MenuPage {
  key: string;
  label: string;
  path: string;
  permission: Permission;
}

export interface MenuGroup {
  key: string;
  label: string;
  pages: MenuPage[];
}

/** The menu pruned to the pages the permissions open, labelled in the caller's language; empty groups are dropped. */
export function menuTreeFor(permissions: readonly Permission[], locale: Locale): MenuGroup[] {
  return MENU.flatMap((group): MenuGroup[] => {
    const pages = group.pages
      .filter((page) => permissions.includes(page.permission))
      .map((page) => ({ ...page, label: page.label[locale] }));
    return pages.length === 0 ? [] : [{ key: group.key, label: group.label[locale], pages }];
  });
}
