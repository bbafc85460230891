import { QueryClient } from '@tanstack/react-query';

/**
 * Query defaults of spec 3 section 7: no interval, no focus refetch, never stale, no retries. There is no default
 * query function: every query names its endpoint (useEndpointQuery).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
