import type { ReactElement, ReactNode } from 'react';
import { useDescribeError } from './errors.ts';
import { ErrorState, LoadingState } from './ui/states.tsx';

/** What QueryView reads of a query: a useQuery / useEndpointQuery / usePagedList result fits. */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
  /** Set by paged lists: a failed next page is the list footer's to show, not a failure of the list. */
  isFetchNextPageError?: boolean;
}

export interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** While the first answer comes: a label for the kit's spinner, or an element (a skeleton). */
  loading?: string | ReactElement;
  /**
   * The failure's text: fixed, or from the error; by default the remote's text for the error's code, else the
   * server's message, else a generic one. A Retry button refetches.
   */
  error?: ReactNode | ((error: unknown) => ReactNode);
  retryLabel?: string;
  /** Leave out the Retry button where the screen already has one for the same query (a Refresh). */
  retry?: boolean;
  /** Whether a successful answer has nothing to show; `empty` is shown instead of `children` then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/**
 * The four states of a screen's data in one place: loading, failed (with Retry), empty and loaded. A failure is
 * never shown as "empty": empty is only ever a successful answer with nothing in it. When a refetch fails after a
 * success, the failure shows above the data the reader already had.
 */
export function QueryView<T>({
  query,
  loading,
  error,
  retryLabel,
  retry = true,
  isEmpty,
  empty = null,
  children,
}: QueryViewProps<T>) {
  const describe = useDescribeError();
  const failed = query.isError && !query.isFetchNextPageError;
  const failure = failed ? (
    <ErrorState
      message={typeof error === 'function' ? error(query.error) : (error ?? describe(query.error) ?? GENERIC_FAILURE)}
      onRetry={retry ? () => void query.refetch() : undefined}
      retryLabel={retryLabel}
    />
  ) : null;

  if (query.data === undefined) {
    if (failure) return failure;
    if (query.isPending) return typeof loading === 'object' ? loading : <LoadingState label={loading} />;
    return null;
  }
  const data = query.data;
  return (
    <>
      {failure}
      {isEmpty?.(data) ? empty : children(data)}
    </>
  );
}
