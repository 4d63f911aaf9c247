import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PERMISSIONS, type Permission } from '@kaskita/domain/staff/permissions';

/** A page of the back office: its route (under /admin), the permission that opens it, and its lazily loaded screen. */
export interface PageRoute {
  /** As in the server's menu (packages/domain/src/staff/menu-tree.ts) for a menu page; `:id` for a detail page. */
  path: string;
  permission: Permission;
  component: LazyExoticComponent<ComponentType>;
}

const P = PERMISSIONS;

/**
 * Every page, one entry each, in a block per area (README: "How to add a page"). The shell shows a page only to a member holding its
 * permission (a "no access" page otherwise); the menu lists what the server's tree names.
 */
export const PAGES: readonly PageRoute[] = [
  // products and caps (h/products)
  {
    path: '/products',
    permission: P.loanRead,
    component: lazy(() => import('../features/products/products-page.tsx')),
  },
  {
    path: '/products/caps',
    permission: P.loanRead,
    component: lazy(() => import('../features/products/product-caps-page.tsx')),
  },
  {
    path: '/products/proposals',
    permission: P.productPropose,
    component: lazy(() => import('../features/products/propose-product-page.tsx')),
  },
  {
    // The Approvals page: product requests wait there beside the others the member may decide.
    path: '/products/approvals',
    permission: P.productApprove,
    component: lazy(() => import('../features/approvals/approvals-page.tsx')),
  },
  {
    path: '/products/:id',
    permission: P.loanRead,
    component: lazy(() => import('../features/products/product-page.tsx')),
  },
  // administration (h/admin)
  {
    path: '/staff',
    permission: P.staffManage,
    component: lazy(() => import('../features/staff/staff-page.tsx')),
  },
  {
    path: '/audit',
    permission: P.auditRead,
    component: lazy(() => import('../features/audit/audit-page.tsx')),
  },
  // review queue and borrowers (h/review)
  {
    path: '/applications/review',
    permission: P.applicationDecide,
    component: lazy(() => import('../features/review/review-queue-page.tsx')),
  },
  {
    path: '/applications/review/:id',
    permission: P.applicationDecide,
    component: lazy(() => import('../features/review/review-application-page.tsx')),
  },
  {
    path: '/borrowers',
    permission: P.loanRead,
    component: lazy(() => import('../features/borrowers/borrowers-page.tsx')),
  },
  {
    path: '/borrowers/:id',
    permission: P.loanRead,
    component: lazy(() => import('../features/borrowers/borrower-page.tsx')),
  },
  // personal-data rights (h/rights)
  {
    path: '/corrections',
    permission: P.personalDataCorrect,
    component: lazy(() => import('../features/corrections/corrections-page.tsx')),
  },
  // maker-checker and payments to resolve (h/approvals)
  {
    path: '/payments/claims',
    permission: P.paymentResolve,
    component: lazy(() => import('../features/payments/payments-to-resolve-page.tsx')),
  },
  {
    path: '/payments/refunds',
    permission: P.refundApprove,
    component: lazy(() => import('../features/refunds/refunds-page.tsx')),
  },
  {
    path: '/approvals',
    permission: P.loanRead,
    component: lazy(() => import('../features/approvals/approvals-page.tsx')),
  },
  // dashboard and loan book (h/book)
  {
    path: '/dashboard',
    permission: P.loanRead,
    component: lazy(() => import('../features/dashboard/dashboard-page.tsx')),
  },
  {
    path: '/loans',
    permission: P.loanRead,
    component: lazy(() => import('../features/loans/loans-page.tsx')),
  },
  {
    path: '/loans/:id',
    permission: P.loanRead,
    component: lazy(() => import('../features/loans/loan-page.tsx')),
  },
  // collections (h/collections)
  {
    path: '/collections',
    permission: P.collectionContact,
    component: lazy(() => import('../features/collections/collections-queue-page.tsx')),
  },
  {
    path: '/collections/:id',
    permission: P.loanRead,
    component: lazy(() => import('../features/collections/collection-loan-page.tsx')),
  },
  // relief requests: more days to pay, proposed here and approved in Approvals (h/relief)
  {
    path: '/relief',
    permission: P.reliefPropose,
    component: lazy(() => import('../features/relief/reliefs-page.tsx')),
  },
  {
    path: '/relief/:id',
    permission: P.reliefPropose,
    component: lazy(() => import('../features/relief/relief-detail-page.tsx')),
  },
  // messages, feedback, complaints and disbursements (h/care)
  {
    path: '/messages',
    permission: P.loanRead,
    component: lazy(() => import('../features/care/messages-page.tsx')),
  },
  {
    path: '/feedback',
    permission: P.complaintAnswer,
    component: lazy(() => import('../features/care/feedback-page.tsx')),
  },
  {
    path: '/feedback/:id',
    permission: P.complaintAnswer,
    component: lazy(() => import('../features/care/feedback-detail-page.tsx')),
  },
  {
    path: '/complaints',
    permission: P.complaintAnswer,
    component: lazy(() => import('../features/complaints/complaints-page.tsx')),
  },
  {
    path: '/complaints/:id',
    permission: P.complaintAnswer,
    component: lazy(() => import('../features/complaints/complaint-detail-page.tsx')),
  },
  {
    path: '/disbursements',
    permission: P.disbursementManage,
    component: lazy(() => import('../features/care/disbursements-page.tsx')),
  },
];
