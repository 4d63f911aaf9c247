import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, resetOnSessionChange } from '../lib/query-client.ts';

// One client for the page's life: the cache is what lets two components share one request.
const queryClient = createQueryClient();
resetOnSessionChange(queryClient);

/** What every page runs inside (the router is added by App). */
export function AppProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
