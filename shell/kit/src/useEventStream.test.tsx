import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useEventStream } from './useEventStream.ts';

/** A streamed response whose body is the given server-sent event text, then closed (a dropped connection) or held open. */
const streamed = (text: string, keepOpen = false) =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text));
        if (!keepOpen) controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );

describe('useEventStream', () => {
  it('sends its headers, hands typed events over, and reconnects with Last-Event-ID after the server retry delay', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, headers: init.headers as Record<string, string> });
      return calls.length === 1
        ? streamed('retry: 10\n\nid: 4\nevent: thread\ndata: {"n":1}\n\nid: 5\nevent: other\ndata: {}\n\n')
        : streamed('id: 6\nevent: thread\ndata: {"n":2}\n\n', true);
    });
    vi.stubGlobal('fetch', fetchMock);
    const seen: unknown[] = [];
    const { unmount } = renderHook(() =>
      useEventStream('/api/stream', ['thread'], (_type, data) => seen.push(data), { headers: { 'X-Chat-Key': 'k' } }),
    );
    await waitFor(() => expect(seen).toEqual([{ n: 1 }, { n: 2 }]));
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers).toMatchObject({ 'X-Chat-Key': 'k' });
    expect(calls[0]?.headers).not.toHaveProperty('Last-Event-ID');
    expect(calls[1]?.headers).toMatchObject({ 'X-Chat-Key': 'k', 'Last-Event-ID': '5' });
    unmount();
  });

  it('asks for a fresh address on every connection, and gives up on an answer no retry can change', async () => {
    let tickets = 0;
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return urls.length === 1
          ? streamed('retry: 10\n\nid: 1\n\n')
          : new Response('{"message":"gone"}', { status: 404 });
      }),
    );
    const resolveUrl = async (url: string) => `${url}?ticket=${(tickets += 1)}`;
    const { result, unmount } = renderHook(() => useEventStream('/api/events', ['x'], () => undefined, { resolveUrl }));
    await waitFor(() => expect(urls).toEqual(['/api/events?ticket=1', '/api/events?ticket=2']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(urls).toHaveLength(2);
    expect(result.current).toBe(false);
    unmount();
  });
});
