import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// As apps/web's: unmount, let React's queued work run while jsdom's window exists, forget stubs and storage.
afterEach(async () => {
  cleanup();
  await new Promise((resolve) => setImmediate(resolve));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  // One window for all the files of a worker (vitest.config.ts): the next test starts at /.
  window.history.replaceState(null, '', '/');
});

// antd reads matchMedia (responsive grid, Table) and jsdom has none.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// antd's TextArea (autosize) and overflow handling observe sizes; jsdom lays nothing out.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoResizeObserver });
