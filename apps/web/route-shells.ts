// The signed-in pages served with their chunks linked (vite-route-shells.ts writes them, apps/server serves them).

/** Where a route's shell is written in dist (apps/server's static plugin serves it for `path`). */
export const routeShellFile = (path: string) => `shells${path}.html`.replace(/\/+/g, '/');

/**
 * The signed-in pages a borrower opens most (issue 23), with the lazy page modules the router renders for each,
 * outermost first (src/app/router.tsx). A module named here that the router no longer uses only costs a wasted
 * download; a page left out gets the plain app shell.
 */
export const ROUTE_SHELLS: { path: string; modules: string[] }[] = [
  { path: '/bill', modules: ['src/app/routes/repayment-pages.tsx'] },
  {
    path: '/home/pay-back',
    modules: ['src/app/routes/home-shell-route.tsx', 'src/app/routes/repayment-pages.tsx'],
  },
  {
    path: '/home/loan-product',
    modules: ['src/app/routes/home-shell-route.tsx', 'src/app/routes/loan-pages.tsx'],
  },
  {
    path: '/home/borrowing-plan',
    modules: ['src/app/routes/home-shell-route.tsx', 'src/app/routes/loan-pages.tsx'],
  },
];
