import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Testing Library unmounts by itself only when the runner has global hooks; vitest here has none.
afterEach(async () => {
  cleanup();
  // React's scheduler runs queued work in a later macrotask (setImmediate in Node): a query that answered just as the
  // test ended leaves some. Let it run now, while jsdom's window exists; after a file's last test the environment is
  // torn down and that work would crash the run ("window is not defined", seen once in CI).
  await new Promise((resolve) => setImmediate(resolve));
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
