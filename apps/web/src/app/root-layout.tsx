import { useT } from '../lib/i18n.ts';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FooterTabs } from '../components/footer-tabs.tsx';
import { footerVisible } from '../components/footer-visibility.ts';
import { getChannel, getToken } from '../lib/auth-session.ts';
import { paths } from '../config/paths.ts';
import { guardDecision } from './guard.ts';
import { useLeafRoute } from './route-handle.ts';

/** The main shell: access guard, page title, scroll to top, footer tabs. */
export function RootLayout() {
  const location = useLocation();
  const { handle, redirect } = useLeafRoute();
  const t = useT();

  // Spec section 2: every route change starts at the top of the page.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  const queryTitle = handle?.titleFromQuery ? new URLSearchParams(location.search).get('title') : null;
  const pageTitle = queryTitle || (handle ? t(handle.title) : '');
  useEffect(() => {
    document.title = pageTitle ? `KasKita - ${pageTitle}` : 'KasKita';
  }, [pageTitle]);

  const decision = guardDecision({
    hasToken: Boolean(getToken()),
    routeName: handle?.name,
    authFlag: Boolean(handle?.auth),
    commerce: Boolean(handle?.commerce),
    channel: getChannel(),
    search: location.search,
    pathname: location.pathname,
  });
  // Redirect-only routes (/, /login, ...) are left to their target's guard, as the data router's loaders were.
  if (!redirect && !decision.pass) return <Navigate to={decision.redirectTo} replace />;

  const withFooter = footerVisible(location.pathname);
  return (
    <div className={`kk-page${withFooter ? ' kk-page--with-footer' : ''}`}>
      {/* Every page's content is the one main landmark (the tab bar is navigation beside it). Lazy pages suspend
          here; navigations are transitions, so the previous page stays until the next arrives. */}
      <main>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {withFooter ? (
        <FooterTabs
          tabs={[
            { key: 'home', to: paths.home.path, label: t('tabs.home'), icon: 'home' },
            { key: 'bill', to: paths.bill.path, label: t('tabs.bill'), icon: 'bill' },
            { key: 'me', to: paths.me.path, label: t('tabs.me'), icon: 'user' },
          ]}
        />
      ) : null}
    </div>
  );
}
