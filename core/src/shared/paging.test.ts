import { describe, expect, it } from 'vitest';
import { readPage, type PageCursor } from './paging.ts';

const rows = [5, 4, 3, 2, 1].map((id) => ({ id }));
const store = async (before: PageCursor | null, limit: number) =>
  rows.filter((row) => before === null || row.id < before.id).slice(0, limit);
const limits = { defaultLimit: 2, maxLimit: 3 };

describe('readPage', () => {
  it('answers the default limit newest first with the cursor of its last row while older rows remain', async () => {
    expect(await readPage({}, limits, store)).toEqual({ items: [{ id: 5 }, { id: 4 }], nextCursor: { id: 4 } });
    expect(await readPage({ before: { id: 4 } }, limits, store)).toEqual({
      items: [{ id: 3 }, { id: 2 }],
      nextCursor: { id: 2 },
    });
  });

  it('has no cursor on the last page, also when it is exactly full', async () => {
    expect((await readPage({ before: { id: 2 } }, limits, store)).nextCursor).toBeNull();
    expect((await readPage({ before: { id: 3 } }, limits, store)).nextCursor).toBeNull();
  });

  it('clamps the limit between 1 and the maximum', async () => {
    expect((await readPage({ limit: 1000 }, limits, store)).items).toHaveLength(3);
    expect((await readPage({ limit: 0 }, limits, store)).items).toHaveLength(1);
  });
});
