import type { Context } from 'koa';
import type { Page } from '@groupflow/core';
import { encodeCursor, NEXT_CURSOR_HEADER } from '@groupflow/core/contracts';

/** Answers a paged list in the API's one list style (docs/api.md): the rows as the body, the next cursor as a header. */
export function answerPage<T>(ctx: Context, page: Page<T>): void {
  if (page.nextCursor !== null) ctx.set(NEXT_CURSOR_HEADER, encodeCursor(page.nextCursor));
  ctx.body = page.items;
}
