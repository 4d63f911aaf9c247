import './zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global/global.css';
import './styles/base.css';
import { initialLocale, loadLocale } from './lib/i18n.ts';
import { installRootFontSize } from './lib/root-font-size.ts';
import { App } from './app/app.tsx';

installRootFontSize();

// A stored id-ID choice fetches its texts first (one small chunk); English renders at once.
// A failed fetch still renders, in English, rather than a blank page.
void loadLocale(initialLocale())
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
