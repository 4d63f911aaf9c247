// Build-time only (vite.config.ts, prerenderPages): renders the first pages a borrower opens to HTML, in both
// languages, so their text paints before any JavaScript has run; main.tsx then hydrates that HTML instead of
// rendering the page again. Never part of the browser bundle.
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { Locale } from '@kaskita/domain/i18n/locale';

export { LOCALES } from '@kaskita/domain/i18n/locale';
import { AppProviders } from './app/app-providers.tsx';
import { AppRoutes } from './app/app.tsx';
import { LandingDocument } from './app/landing-document.tsx';
import { leafRoute } from './app/route-handle.ts';
import { routes } from './app/router.tsx';
import { loadLocale, t } from './lib/i18n.ts';

/**
 * The prerendered pages and the lazy route modules each one shows (outermost first), whose chunks and stylesheets the
 * page's HTML links at once; `styled`: lazy components inside a page (its HTML has them too) whose stylesheets are
 * linked, and whose chunks the boot script preloads after the page's (vite-prerender-plugin.ts). Pages that depend on the signed-in borrower are not
 * prerendered; /home/unaudited is what a new visitor sees, signed out, before the status check moves a borrower on.
 * `query`: the address's query the page is rendered with, where the page needs one to draw its usual first frame.
 * `own`: a page that is a document of its own: its entry module instead of the app's, and the tree that entry hydrates
 * (`modules` is empty: the entry's chunk and what it imports are the page's).
 */
export const PRERENDERED_PAGES: {
  path: string;
  query?: string;
  modules: string[];
  styled?: string[];
  own?: { entry: string; tree: () => ReactNode };
}[] = [
  {
    path: '/landing-page',
    modules: [],
    own: { entry: 'src/landing-main.tsx', tree: () => <LandingDocument /> },
  },
  {
    path: '/login/main',
    modules: ['src/app/routes/login-page.tsx'],
    styled: ['src/features/auth/components/sms-login-form.tsx'],
  },
  {
    path: '/home/unaudited',
    modules: ['src/app/routes/home-shell-route.tsx', 'src/app/routes/home-unaudited-page.tsx'],
  },
  // A shop's buyer lands on the checkout from the shop, and on the download page from it, often on a slow line. The
  // checkout's first frame (its introduction while the order loads) is the same for any order and any visitor.
  {
    path: '/third/pay/order',
    query: '?sign_key=prerendered',
    modules: ['src/app/routes/third-pay-order-page.tsx'],
    // The checkout once its order is there: a chunk of its own, preloaded right after the frame's.
    styled: ['src/features/commerce/components/checkout-payable.tsx'],
  },
  { path: '/third/pay/download', modules: ['src/app/routes/third-pay-download-page.tsx'] },
];

function Page({ path }: { path: string }) {
  return (
    <StrictMode>
      <AppProviders>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>
  );
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/**
 * The HTML inside #root for `path` in `locale`, and the page title. Every lazy page is loaded first (prerender waits
 * for all of them), so the HTML is the page as its first client render draws it: no data yet (the queries start in the
 * browser), no stored session.
 */
export async function renderPage(
  path: string,
  locale: Locale,
  query = '',
): Promise<{ html: string; title: string }> {
  await loadLocale(locale);
  const own = PRERENDERED_PAGES.find((page) => page.path === path)?.own;
  const { prelude } = await prerender(
    own ? <StrictMode>{own.tree()}</StrictMode> : <Page path={path + query} />,
  );
  const html = await readAll(prelude);
  const handle = leafRoute(routes, path).handle;
  return { html, title: handle ? `KasKita - ${t(handle.title)}` : 'KasKita' };
}
