/** One dispatched server-sent event: its type (`message` when unnamed) and its data lines joined. */
export interface SseEvent {
  type: string;
  data: string;
}

/** What a block of the stream changed besides events: the last event id and the server's reconnect delay. */
export interface SseState {
  lastEventId: string | null;
  retryMs: number | null;
}

/**
 * The event-stream format of the HTML standard, fed by text chunks that may split lines anywhere. Like
 * EventSource it records `id:` even on a block without data, so a stream's starting point survives a drop
 * before its first event.
 */
export class SseParser {
  readonly state: SseState = { lastEventId: null, retryMs: null };
  #buffer = '';
  #type = '';
  #data: string[] = [];

  push(chunk: string): SseEvent[] {
    this.#buffer += chunk;
    const events: SseEvent[] = [];
    let end = this.#buffer.search(/\r\n|\r|\n/);
    while (end >= 0) {
      const line = this.#buffer.slice(0, end);
      const breakLength = this.#buffer.startsWith('\r\n', end) ? 2 : 1;
      // A lone \r at the chunk's end may be the first half of \r\n: wait for the next chunk.
      if (this.#buffer[end] === '\r' && end + 1 === this.#buffer.length) break;
      this.#buffer = this.#buffer.slice(end + breakLength);
      const event = this.#line(line);
      if (event) events.push(event);
      end = this.#buffer.search(/\r\n|\r|\n/);
    }
    return events;
  }

  #line(line: string): SseEvent | null {
    if (line === '') {
      const event = this.#data.length > 0 ? { type: this.#type || 'message', data: this.#data.join('\n') } : null;
      this.#type = '';
      this.#data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.#type = value;
    else if (field === 'data') this.#data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.state.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.state.retryMs = Number(value);
    return null;
  }
}
