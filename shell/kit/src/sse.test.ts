import { describe, expect, it } from 'vitest';
import { SseParser } from './sse.ts';

describe('SseParser', () => {
  it('dispatches named events with their id, across chunks split mid-line', () => {
    const parser = new SseParser();
    expect(parser.push('retry: 1000\n\nid: 7\nevent: message.cre')).toEqual([]);
    expect(parser.push('ated\ndata: {"a":1}\n\n: ping\n\n')).toEqual([{ type: 'message.created', data: '{"a":1}' }]);
    expect(parser.state).toEqual({ lastEventId: '7', retryMs: 1000 });
  });

  it('records an id sent alone, without dispatching an event', () => {
    const parser = new SseParser();
    expect(parser.push('id: 42\n\n')).toEqual([]);
    expect(parser.state.lastEventId).toBe('42');
  });

  it('joins data lines and accepts CRLF, also split between chunks', () => {
    const parser = new SseParser();
    expect(parser.push('data: a\r')).toEqual([]);
    expect(parser.push('\ndata: b\r\n\r\n')).toEqual([{ type: 'message', data: 'a\nb' }]);
  });

  it('ignores a retry that is not a number', () => {
    const parser = new SseParser();
    parser.push('retry: soon\n\n');
    expect(parser.state.retryMs).toBeNull();
  });
});
