import { useEffect, useRef, useState } from 'react';

export type StreamHandler = (type: string, data: unknown) => void;

/**
 * Subscribes to a server-sent event stream while `url` is set and reports whether it is open, so screens
 * poll only while the push channel is down. EventSource reconnects on its own after a drop.
 */
export function useEventStream(url: string | null, types: readonly string[], onEvent: StreamHandler): boolean {
  const [open, setOpen] = useState(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const typeKey = types.join(',');

  useEffect(() => {
    if (url === null || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(url);
    source.onopen = () => setOpen(true);
    source.onerror = () => setOpen(false);
    const listeners = typeKey.split(',').map((type) => {
      const listener = (event: MessageEvent<string>) => {
        try {
          handler.current(type, JSON.parse(event.data) as unknown);
        } catch {
          // A malformed event is skipped; the fallback poll repairs any gap.
        }
      };
      source.addEventListener(type, listener);
      return [type, listener] as const;
    });
    return () => {
      for (const [type, listener] of listeners) source.removeEventListener(type, listener);
      source.close();
      setOpen(false);
    };
  }, [url, typeKey]);

  return open;
}
