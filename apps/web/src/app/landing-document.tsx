import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { LandingView } from '../features/landing/components/landing-view.tsx';
import { paths } from '../config/paths.ts';
import { useT } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * /landing-page as a document of its own (src/landing-main.tsx hydrates it, src/prerender.tsx renders it at build
 * time): the landing view with the query client its two calls need, without the router, the route table and the app
 * shell that every other page boots. A visitor's first page is the one a cheap phone on a slow line opens before
 * anything is cached; measured on the whole app it hydrated ~96 kB gzip of entry for one button and two answers.
 * Apply and the footer's links load their pages as documents (login is prerendered too). Inside the app (from the
 * login page's link) the router renders the same view through routes/landing-page.tsx.
 */
export function LandingDocument() {
  const [client] = useState(createQueryClient);
  const t = useT();
  const title = `KasKita - ${t('title.landing')}`;
  // The title follows the language switch, as the app's layout does for its pages.
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <QueryClientProvider client={client}>
      <div className="kk-page">
        <main>
          <LandingView onApply={() => window.location.assign(paths.login.path)} />
        </main>
      </div>
    </QueryClientProvider>
  );
}
