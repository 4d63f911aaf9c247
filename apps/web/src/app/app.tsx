import { Component, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { configureApi } from '../lib/api-effects.ts';
import { currentLocale } from '../lib/i18n.ts';
import { toast } from '../components/toast.ts';
import { AppProviders } from './app-providers.tsx';
import { startRouteData } from './route-data.ts';
import { RouteErrorPage } from './route-error-page.tsx';
import { leafRoute, LeafRouteContext, routesFor, setRouteTable } from './route-handle.ts';
import { routes } from './router.tsx';

// The api client stays UI-free; the app gives it toasts, the router (below) and the language (lan header).
configureApi({ error: toast.error, warning: toast.warning, locale: currentLocale });
setRouteTable(routes);

/** A crash or a failed chunk anywhere below shows RouteErrorPage; moving to another path clears it. */
class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { error: unknown; pathname: string }
> {
  override state = { error: null as unknown, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; pathname: string }) {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/** The route table with its error boundary; App puts it in the browser router, tests in a memory router. */
export function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(
    () => configureApi({ navigate: (href) => void navigate(href, { replace: true }) }),
    [navigate],
  );

  // Fetch every matched page's chunk now, not one after the other, and the page's first data beside it.
  const client = useQueryClient();
  const leaf = useMemo(
    () =>
      leafRoute(routes, location.pathname, (data) =>
        startRouteData(data, {
          client,
          search: new URLSearchParams(location.search),
          locale: currentLocale(),
        }),
      ),
    // A new address within the page (a plan's other tenor) is the page's to fetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location.pathname],
  );

  const element = useRoutes(routesFor(routes, location.pathname), location);
  return (
    <RouteErrorBoundary pathname={location.pathname}>
      <LeafRouteContext.Provider value={leaf}>{element}</LeafRouteContext.Provider>
    </RouteErrorBoundary>
  );
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
