import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './request.ts';

// Apart from the request helpers: a page that only calls the API (the shell's landing page) does not load the
// query client with them.

/** Query defaults of spec 3 section 7: no interval, no focus refetch, never stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
