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
];
