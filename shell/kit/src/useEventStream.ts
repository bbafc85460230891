import { useEffect, useRef, useState } from 'react';
import { SseParser } from './sse.ts';

export type StreamHandler = (type: string, data: unknown) => void;

export interface EventStreamOptions {
  /** Sent on every connection (the customer's chat key); EventSource cannot send headers, hence fetch. */
  headers?: Record<string, string>;
  /** Turns the stream's address into the one to open, per connection (the staff stream's single-use ticket). */
  resolveUrl?: (url: string) => Promise<string>;
}

/** Until the server names its own delay with `retry:` (SUPPORT_EVENTS_RECONNECT_MS). */
const DEFAULT_RECONNECT_MS = 1000;

/** Answers that no retry can change: the link is wrong or the ticket gone. 408 and 429 are worth retrying. */
const isFinal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

class FinalAnswer extends Error {}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Subscribes to a server-sent event stream while `url` is set and reports whether it is open, so screens poll
 * only while the push channel is down. A fetch-based source: it sends `headers`, and after a drop reconnects
 * with Last-Event-ID, so the server replays what was missed (to whichever API process answers).
 */
export function useEventStream(
  url: string | null,
  types: readonly string[],
  onEvent: StreamHandler,
  options: EventStreamOptions = {},
): boolean {
  const [open, setOpen] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const resolveUrl = useRef(options.resolveUrl);
  resolveUrl.current = options.resolveUrl;
  const typeKey = types.join(',');
  const headerKey = JSON.stringify(options.headers ?? {});

  useEffect(() => {
    if (url === null) return undefined;
    const wanted = new Set(typeKey.split(','));
    const headers = JSON.parse(headerKey) as Record<string, string>;
    const abort = new AbortController();
    let lastEventId: string | null = null;
    let retryMs = DEFAULT_RECONNECT_MS;

    const connect = async () => {
      const target = resolveUrl.current ? await resolveUrl.current(url) : url;
      const response = await fetch(target, {
        headers: {
          Accept: 'text/event-stream',
          ...headers,
          ...(lastEventId === null ? {} : { 'Last-Event-ID': lastEventId }),
        },
        credentials: 'include',
        cache: 'no-store',
        signal: abort.signal,
      });
      if (isFinal(response.status)) throw new FinalAnswer(String(response.status));
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      setOpen(true);
      const parser = new SseParser();
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          if (!wanted.has(event.type)) continue;
          try {
            handler.current(event.type, JSON.parse(event.data) as unknown);
          } catch {
            // A malformed event is skipped; the fallback poll repairs any gap.
          }
        }
        lastEventId = parser.state.lastEventId ?? lastEventId;
        retryMs = parser.state.retryMs ?? retryMs;
      }
    };

    void (async () => {
      while (!abort.signal.aborted) {
        try {
          await connect();
        } catch (error) {
          if (error instanceof FinalAnswer) break;
        }
        setOpen(false);
        await pause(retryMs, abort.signal);
      }
      setOpen(false);
    })();

    return () => {
      abort.abort();
      setOpen(false);
    };
  }, [url, typeKey, headerKey]);

  return open;
}
