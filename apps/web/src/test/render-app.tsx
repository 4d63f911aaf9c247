import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import { createQueryClient, resetOnSessionChange } from '../lib/query-client.ts';

const disposers: (() => void)[] = [];
afterEach(() => disposers.splice(0).forEach((dispose) => dispose()));

/** The app's query client (same retry policy and session reset), retrying at once so tests stay fast. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  disposers.push(resetOnSessionChange(client), () => client.clear());
  return client;
}

/** Where the router is now, for tests that follow a navigation. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/**
 * Renders `ui` the way the app runs it: inside the query provider and a real router (memory history at `path`).
 * `location()` reads the router's current path and query.
 */
export function renderApp(ui: ReactNode, { path = '/', client = createTestQueryClient() } = {}) {
  const user = userEvent.setup();
  // A wrapper, so that rerender() keeps the providers and the router's history.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {children}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(ui, { wrapper });
  return { ...view, user, client, location: () => view.getByTestId('location').textContent };
}
