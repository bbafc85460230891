import { z } from 'zod';
import { text } from './text.ts';
import type { PageCursor } from '../shared/paging.ts';
import { NEXT_CURSOR_HEADER } from './nextCursor.ts';

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

/** Opaque on the wire (base64url of JSON), so the order key can grow without clients parsing it. */
export function encodeCursor(cursor: PageCursor): string {
  return toBase64Url(JSON.stringify({ id: cursor.id }));
}

const cursorPayload = z.object({ id: z.number().int().positive() });

/** The cursor a header carried, or null when the text is not one this API handed out. */
export function decodeCursor(text: string): PageCursor | null {
  try {
    const parsed = cursorPayload.safeParse(JSON.parse(fromBase64Url(text)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Longest cursor text accepted: a generous bound over what encodeCursor writes, so junk is refused unread. */
const MAX_CURSOR_LENGTH = 200;

/** `?before=`: a cursor from a previous page's header; anything else is a 400 naming `before`. */
export const cursorSchema = text()
  .max(MAX_CURSOR_LENGTH, { message: 'Invalid cursor: pass the X-Next-Cursor of the previous page' })
  .transform((text, ctx) => {
    const cursor = decodeCursor(text);
    if (cursor === null) {
      ctx.addIssue({ code: 'custom', message: 'Invalid cursor: pass the X-Next-Cursor of the previous page' });
      return z.NEVER;
    }
    return cursor;
  })
  .meta({ description: `The ${NEXT_CURSOR_HEADER} header of the previous page (opaque)` });

/**
 * The query every paged list takes: `?before=<cursor>&limit=<n>`. The limit is clamped by the server to its
 * configured maximum, so the schema only refuses what is not a positive count. Extend with a list's filters.
 */
export const pagedListQuerySchema = z.object({
  before: cursorSchema.optional(),
  limit: z.coerce.number().int().positive().optional(),
});
