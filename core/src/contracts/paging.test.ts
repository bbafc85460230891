import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pagedListQuerySchema } from './paging.ts';

describe('page cursors', () => {
  it('round-trip through the opaque, URL-safe text of the header', () => {
    const text = encodeCursor({ id: 123_456 });
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(text).not.toContain('123456');
    expect(decodeCursor(text)).toEqual({ id: 123_456 });
  });

  it.each(['', 'abc', '123', encodeCursor({ id: 1 }).slice(0, -2), btoa('{"id":-1}'), btoa('{"id":"7"}'), '%%%'])(
    'refuse text this API did not hand out (%j)',
    (text) => expect(decodeCursor(text)).toBeNull(),
  );

  it('parse ?before= into a cursor, and a bad one into an issue naming `before`', () => {
    expect(pagedListQuerySchema.parse({ before: encodeCursor({ id: 9 }), limit: '5' })).toEqual({
      before: { id: 9 },
      limit: 5,
    });
    const failed = pagedListQuerySchema.safeParse({ before: 'not-a-cursor' });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues).toEqual([
      expect.objectContaining({ path: ['before'], message: expect.stringMatching(/cursor/) }),
    ]);
  });
});
