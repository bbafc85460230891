// Apart from the paging schemas, so the kit's paged lists name the header without loading zod.
/**
 * The one list style of the API (docs/api.md): a paged list answers a plain JSON array, newest first, and the
 * cursor of the next (older) page in this header, absent on the last page. The client passes it back as
 * `?before=`.
 */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
