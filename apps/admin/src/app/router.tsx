import { Spin } from 'antd';
import { Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import type { Permission } from '@kaskita/domain/staff/permissions';
import { NoAccess, NotFound } from '../components/status-page.tsx';
import { SignInPage } from '../features/sign-in/sign-in-page.tsx';
import { handleSessionEnd } from '../lib/api-client.ts';
import { getSession, subscribeSession } from '../lib/session.ts';
import { HomePage } from './home-page.tsx';
import { PAGES } from './pages.tsx';
import { useCan, usePermissionTree } from './permission-tree.ts';
import { queryClient } from './query-client.ts';
import { ShellLayout } from './shell-layout.tsx';

/** The shell opens to a session whose sign-in is complete; anything else goes to sign-in, which picks up its step. */
function RequireSession({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, getSession);
  if (session?.stage !== 'ready') return <Navigate to="/sign-in" replace />;
  return children;
}

/** A page the role does not open shows "no access"; its calls would be refused by the server anyway. */
function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const tree = usePermissionTree();
  const allowed = useCan(permission);
  if (tree.isPending) return <Spin />;
  return allowed ? children : <NoAccess />;
}

export const router = createBrowserRouter(
  [
    { path: '/sign-in', element: <SignInPage /> },
    {
      path: '/',
      element: (
        <RequireSession>
          <ShellLayout />
        </RequireSession>
      ),
      children: [
        { index: true, element: <HomePage /> },
        ...PAGES.map(({ path, permission, component: Page }) => ({
          path,
          element: (
            <RequirePermission permission={permission}>
              <Suspense fallback={<Spin />}>
                <Page />
              </Suspense>
            </RequirePermission>
          ),
        })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);

// A lost session (expired, signed out elsewhere, disabled) returns to sign-in with the server's reason.
handleSessionEnd((message) => {
  queryClient.clear();
  void router.navigate('/sign-in', { replace: true, state: { message } });
});

export function AppRouter() {
  return <RouterProvider router={router} />;
}
