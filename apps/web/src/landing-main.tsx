// The landing page's own entry (app/landing-document.tsx says why it is not the app's).
import './zod-jitless.ts';
import './styles/global-styles.ts';
import { configureApi } from './lib/api-effects.ts';
import { currentLocale } from './lib/i18n.ts';
import { LandingDocument } from './app/landing-document.tsx';
import { startPage } from './start-page.tsx';

// The landing's calls are silent (a missing example or configuration shows as such): no toasts to give the client.
configureApi({ locale: currentLocale });
startPage(<LandingDocument />);
