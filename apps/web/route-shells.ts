// The signed-in pages served with their chunks linked (vite-route-shells.ts writes them, apps/server serves them).

/** Where a route's shell is written in dist (apps/server's static plugin serves it for `path`). */
export const routeShellFile = (path: string) => `shells${path}.html`.replace(/\/+/g, '/');

const REPAYMENTS_CONTRACT = '../../packages/domain/src/contract/repayments.ts';
const LOANS_CONTRACT = '../../packages/domain/src/contract/loans.ts';

/**
 * The signed-in pages a borrower opens most (issue 23): the lazy page modules the router renders for each, outermost
 * first (src/app/router.tsx), and the contract whose schema reads the page's first answer (its route data,
 * src/app/route-data.ts), which the page loads with that request and would otherwise start fetching only then. A
 * module named here that the page no longer uses only costs a wasted download; a page left out gets the app shell.
 */
export const ROUTE_SHELLS: { path: string; modules: string[]; schemas: string[] }[] = [
  { path: '/bill', modules: ['src/app/routes/repayment-pages.tsx'], schemas: [REPAYMENTS_CONTRACT] },
  {
    path: '/home/pay-back',
    modules: ['src/app/routes/home-shell-route.tsx', 'src/app/routes/repayment-pages.tsx'],
    schemas: [REPAYMENTS_CONTRACT],
  },
  {
    path: '/home/loan-product',
    modules: ['src/app/routes/home-shell-route.tsx', 'src/app/routes/loan-pages.tsx'],
    schemas: [LOANS_CONTRACT],
  },
  {
    path: '/home/borrowing-plan',
    modules: ['src/app/routes/home-shell-route.tsx', 'src/app/routes/loan-pages.tsx'],
    schemas: [LOANS_CONTRACT],
  },
];
