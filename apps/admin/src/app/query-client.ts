import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

/** Refused answers (a business code) are not retried: another try gets the same refusal. Network failures are, once. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && error instanceof ApiError && error.code === 0,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
