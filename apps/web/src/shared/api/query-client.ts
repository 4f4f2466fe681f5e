import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http.ts';

/**
 * One client for the whole console: the route guard (outside React) and the components read the
 * same cache. A business failure is an answer, not a flake, so only transport errors retry.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError) && count < 1,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
