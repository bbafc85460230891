/**
 * Keyset paging shared by every list of the API: newest first, each page continuing after the last row of the
 * previous one. Rows are ordered by id (insertion order): ids are unique and never reused, so a page boundary
 * can neither skip nor repeat a row, and the primary key serves the order without another index.
 */
export interface PageCursor {
  /** The last row of the previous page; the next page holds only older (smaller) ids. */
  id: number;
}

export interface Page<T> {
  items: T[];
  /** Where the next (older) page starts; null on the last page. */
  nextCursor: PageCursor | null;
}

export interface PageRequest {
  before?: PageCursor | undefined;
  limit?: number | undefined;
}

export interface ListLimits {
  defaultLimit: number;
  maxLimit: number;
}

/** The rows a page asks its store for: the limit clamped so no call can ask for everything. */
export function pageSize(request: PageRequest, limits: ListLimits): number {
  return Math.min(Math.max(1, request.limit ?? limits.defaultLimit), limits.maxLimit);
}

/**
 * Cuts `rows`, fetched with `size + 1` as their limit, to one page: the extra row tells whether an older page
 * exists without a count.
 */
export function toPage<T extends { id: number }>(rows: T[], size: number): Page<T> {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? { id: last.id } : null };
}

/** Runs one paged read: clamps the size, asks the store for one row more, cuts the answer to a page. */
export async function readPage<T extends { id: number }>(
  request: PageRequest,
  limits: ListLimits,
  fetch: (before: PageCursor | null, limit: number) => Promise<T[]>,
): Promise<Page<T>> {
  const size = pageSize(request, limits);
  return toPage(await fetch(request.before ?? null, size + 1), size);
}
