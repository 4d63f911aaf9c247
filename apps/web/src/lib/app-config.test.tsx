import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigFixture } from '../test/app-config-fixture.ts';
import { useAppConfig } from './app-config.ts';
import { LOCAL_KEYS } from './storage-keys.ts';

function Company() {
  const { data } = useAppConfig();
  return <p data-testid="company">{data?.company_legal_name ?? '…'}</p>;
}

const page = () => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <Company />
  </QueryClientProvider>
);

let container: HTMLDivElement | undefined;
afterEach(() => {
  container?.remove();
  vi.unstubAllGlobals();
});

describe('useAppConfig on a prerendered page', () => {
  it("hydrates a returning visitor's page without a mismatch, then shows the stored configuration", async () => {
    // The build renders the page with no configuration (src/prerender.tsx); nothing answers the request here.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    expect(container.textContent).toBe('…');
    // A visitor who came before has the configuration stored.
    localStorage.setItem(LOCAL_KEYS.appConfig, JSON.stringify(appConfigFixture));
    const mismatch = vi.fn();
    await act(async () => {
      hydrateRoot(container!, page(), { onRecoverableError: mismatch });
    });
    expect(mismatch).not.toHaveBeenCalled();
    expect(container.textContent).toBe('PT KasKita Teknologi Indonesia');
  });
});
