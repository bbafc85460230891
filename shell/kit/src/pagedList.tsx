import { useEffect, useMemo, useState } from 'react';
import { useInfiniteQuery, type InfiniteData, type UseInfiniteQueryResult } from '@tanstack/react-query';
import {
  NEXT_CURSOR_HEADER,
  type Endpoint,
  type EndpointQuery,
  type EndpointResponse,
} from '@groupflow/core/contracts';
import type { z } from 'zod';
import { endpointUrl, isStaffEndpoint } from './client.ts';
import { endpointKey } from './endpointKey.ts';
import { useUnauthorizedGuard } from './endpointQuery.ts';
import { request } from './request.ts';
import { ErrorState } from './ui/states.tsx';

/** A list endpoint in the API's one list style (docs/api.md): an array per page, the next cursor in a header. */
export type PagedEndpoint = Endpoint & { paged: true; query: z.ZodType; response: z.ZodArray };

export type PagedRow<E extends PagedEndpoint> = EndpointResponse<E>[number];

interface ListPage<R> {
  items: R[];
  /** The X-Next-Cursor of this page, null on the last. */
  next: string | null;
}

export type PagedList<R> = UseInfiniteQueryResult<InfiniteData<ListPage<R>>> & {
  /** Every row of the pages loaded so far, in order. */
  items: R[];
};

export interface PagedListOptions<E extends PagedEndpoint> {
  /** The list's filters (part of the key: each search or status keeps its own pages); the cursor is the helper's. */
  query?: Omit<NonNullable<EndpointQuery<E>>, 'before'>;
  enabled?: boolean;
  refetchInterval?: number | false;
  refetchOnWindowFocus?: boolean;
  staleTime?: number;
}

/**
 * Pages through a paged list: the first page at once, the next with `fetchNextPage()` (see PagedListFooter). A
 * refetch or invalidation reloads every page already shown, so rows stay where the reader left them. The key is
 * the endpoint's (endpointKey with the filters), so invalidating the endpoint reaches every filter's pages.
 */
export function usePagedList<E extends PagedEndpoint>(
  definition: E,
  options: PagedListOptions<E> = {},
): PagedList<PagedRow<E>> {
  const { query, ...behaviour } = options;
  const guard = useUnauthorizedGuard();
  const list = useInfiniteQuery({
    ...behaviour,
    queryKey: endpointKey(definition, { query }),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<ListPage<PagedRow<E>>> => {
      const url = endpointUrl(definition, undefined, {
        ...(query as Record<string, unknown> | undefined),
        before: pageParam,
      });
      try {
        const response = await request(url, { method: definition.method, bearer: isStaffEndpoint(definition) });
        return { items: (await response.json()) as PagedRow<E>[], next: response.headers.get(NEXT_CURSOR_HEADER) };
      } catch (error) {
        guard(definition, error);
        throw error;
      }
    },
    getNextPageParam: (last) => last.next,
  });
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  return { ...list, items };
}

/**
 * The end of a paged list: "Load more" while older rows remain, "Loading..." while they come, the failure with
 * Retry when they did not, and `endLabel` once more than one page was read and none remains.
 */
export function PagedListFooter({ list, endLabel = 'End of list' }: { list: PagedList<unknown>; endLabel?: string }) {
  if (list.isFetchNextPageError) {
    return <ErrorState message="Could not load more." onRetry={() => void list.fetchNextPage()} retryLabel="Retry" />;
  }
  if (list.hasNextPage) {
    return (
      <div className="center kit-paged-footer">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </button>
      </div>
    );
  }
  if ((list.data?.pages.length ?? 0) > 1) return <p className="center muted small kit-paged-footer">{endLabel}</p>;
  return null;
}

/** `value` once it has stopped changing for `delayMs`: a search box asks the server after the typing pauses. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
