import './zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import 'antd-mobile/es/global/global.css';
import './styles/base.css';
import { currentLocale, initialLocale, loadLocale } from './lib/i18n.ts';
import { installRootFontSize } from './lib/root-font-size.ts';
import { readTimeZoneSoon } from './lib/time-zone.ts';
import { App } from './app/app.tsx';

installRootFontSize();
// ICU's first load (the tz header's time zone) in its own task while the page hydrates, not in the commit that
// starts the page's queries (lib/time-zone.ts).
readTimeZoneSoon();

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A stored id-ID choice fetches its texts first (one small chunk); English renders at once.
// A failed fetch still renders, in English, rather than a blank page.
void loadLocale(initialLocale())
  .catch(() => undefined)
  .then(() => {
    // The first render is a transition: React works in slices of a few milliseconds and lets the browser breathe
    // between them, rather than one long task that blocks the page (Lighthouse's total blocking time).
    // A page prerendered at build time (vite-prerender-plugin.ts) in this language is hydrated: its HTML stays as it
    // is. In another language (a stored choice the server could not know), it is rendered afresh.
    startTransition(() => {
      if (container.dataset.prerendered === currentLocale()) hydrateRoot(container, app);
      else createRoot(container).render(app);
    });
  });
