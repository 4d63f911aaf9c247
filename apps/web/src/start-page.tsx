import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { currentLocale, initialLocale, loadLocale } from './lib/i18n.ts';
import { installRootFontSize } from './lib/root-font-size.ts';
import { readTimeZoneSoon } from './lib/time-zone.ts';

/** What both entries do (main.tsx for the app, landing-main.tsx for the landing page): `page` into #root. */
export function startPage(page: ReactNode): void {
  installRootFontSize();
  // ICU's first load (the tz header's time zone) in its own task while the page hydrates, not in the commit that
  // starts the page's queries (lib/time-zone.ts).
  readTimeZoneSoon();

  const container = document.getElementById('root')!;
  const root = (
    <StrictMode>
      <Interactive container={container}>{page}</Interactive>
    </StrictMode>
  );
  // A stored id-ID choice fetches its texts first (one small chunk); English renders at once.
  // A failed fetch still renders, in English, rather than a blank page.
  void loadLocale(initialLocale())
    .catch(() => undefined)
    .then(() => {
      // The first render is a transition: React works in slices of a few milliseconds and lets the browser breathe
      // between them, rather than one long task that blocks the page (Lighthouse's total blocking time).
      // A page prerendered at build time (vite-prerender-plugin.ts) in this language is hydrated: its HTML stays as
      // it is. In another language (a stored choice the server could not know), it is rendered afresh.
      startTransition(() => {
        if (container.dataset.prerendered === currentLocale()) hydrateRoot(container, root);
        else createRoot(container).render(root);
      });
    });
}

/**
 * Marks #root `data-interactive` once the page's first render has committed: its handlers are attached, so a tap now
 * does what it says (e2e/support/page-checks.ts waits for it). The landing page runs on Preact
 * (vite-landing-client.ts), which leaves no trace of its own on the elements it hydrates.
 */
function Interactive({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    container.setAttribute('data-interactive', 'true');
  }, [container]);
  return children;
}
