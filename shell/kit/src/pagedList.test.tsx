import { describe, expect, it } from 'vitest';
import { renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { encodeCursor, endpoint, pagedListQuerySchema } from '@groupflow/core/contracts';
import { PagedListFooter, useDebouncedValue, usePagedList } from './pagedList.tsx';
import { json, renderScreen, stubFetch } from './testing.tsx';

const things = endpoint({
  method: 'GET',
  path: '/api/things',
  summary: 'Things, newest first',
  auth: 'staff',
  query: pagedListQuerySchema.extend({ search: z.string().optional() }),
  response: z.array(z.object({ id: z.number(), name: z.string() })),
  paged: true,
});

const rows = (...ids: number[]) => ids.map((id) => ({ id, name: `Thing ${id}` }));
const page = (items: unknown[], next?: number) =>
  new Response(JSON.stringify(items), {
    headers: next === undefined ? {} : { 'X-Next-Cursor': encodeCursor({ id: next }) },
  });

function Things({ search }: { search?: string }) {
  const list = usePagedList(things, { query: { search } });
  return (
    <div>
      <ul>
        {list.items.map((thing) => (
          <li key={thing.id}>{thing.name}</li>
        ))}
      </ul>
      <PagedListFooter list={list} endLabel="No more things" />
    </div>
  );
}

describe('usePagedList with PagedListFooter', () => {
  it('loads the first page, then the next one from the X-Next-Cursor header, and shows the end', async () => {
    const calls = stubFetch(({ url }) => (url.includes('before=') ? page(rows(2, 1)) : page(rows(4, 3), 3)));
    renderScreen(<Things search="th" />);
    await screen.findByText('Thing 3');
    expect(calls.map((c) => c.url)).toEqual(['/api/things?search=th']);
    expect(screen.queryByText('No more things')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Thing 1');
    expect(calls[1]?.url).toBe(`/api/things?search=th&before=${encodeCursor({ id: 3 })}`);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Thing 4',
      'Thing 3',
      'Thing 2',
      'Thing 1',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('No more things')).toBeTruthy();
  });

  it('shows neither a button nor an end on a list of one page', async () => {
    stubFetch(() => page(rows(1)));
    renderScreen(<Things />);
    await screen.findByText('Thing 1');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('No more things')).toBeNull();
  });

  it('keeps the rows when the next page fails, and retries it', async () => {
    let failNext = true;
    stubFetch(({ url }) => {
      if (!url.includes('before=')) return page(rows(2), 2);
      if (failNext) return json({ message: 'boom' }, 500);
      return page(rows(1));
    });
    renderScreen(<Things />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByText('Could not load more.');
    expect(screen.getByText('Thing 2')).toBeTruthy();
    failNext = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Thing 1');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('useDebouncedValue', () => {
  it('answers a value only once it has stopped changing for the delay', async () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 40), {
      initialProps: { value: 'a' },
    });
    rerender({ value: 'ab' });
    rerender({ value: 'abc' });
    expect(result.current).toBe('a');
    await waitFor(() => expect(result.current).toBe('abc'));
  });
});
