import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetToasts } from '../components/toast.ts';
import { discardQueued } from '../lib/analytics-sender.ts';
import { DEFAULT_LOCALE, loadLocale } from '../lib/i18n.ts';

// Testing Library unmounts by itself only when the runner has global hooks; vitest here has none.
afterEach(async () => {
  cleanup();
  // React's scheduler runs queued work in a later macrotask (setImmediate in Node): a query that answered just as the
  // test ended leaves some. Let it run now, while jsdom's window exists; after a file's last test the environment is
  // torn down and that work would crash the run ("window is not defined", seen once in CI).
  await new Promise((resolve) => setImmediate(resolve));
  // Analytics events a test tracked are not sent later, into another test's stubbed fetch.
  discardQueued();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  // The files of a worker share one module graph and one window (vitest.config.ts): the next test starts at / in the
  // default language whatever this one left.
  window.history.replaceState(null, '', '/');
  await loadLocale(DEFAULT_LOCALE);
  // And with no toast of the last test on screen or in the throttle (the same message would be held back for 3 s).
  await resetToasts();
});
