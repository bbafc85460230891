import { Readable } from 'node:stream';
import type { Context } from 'koa';
import { errorBody } from './errors.ts';

/**
 * The raw request body as it arrives, refused with 413 once it passes `maxBytes`: at once when Content-Length says
 * so, else as soon as the bytes read pass it. Nothing here holds more than the piece in hand, so whoever consumes it
 * (the attachment store, a chunk at a time) decides what sits in memory (issue 33).
 */
export function uploadStream(ctx: Context, maxBytes: number): AsyncIterable<Uint8Array> {
  const tooLarge = `The file is larger than the ${Math.floor(maxBytes / (1024 * 1024))} MB limit`;
  const declared = Number(ctx.get('Content-Length'));
  if (Number.isFinite(declared) && declared > maxBytes) ctx.throw(413, tooLarge);
  return (async function* pieces() {
    let total = 0;
    for await (const piece of ctx.req as AsyncIterable<Buffer>) {
      total += piece.length;
      if (total > maxBytes) ctx.throw(413, tooLarge);
      yield piece;
    }
  })();
}

/** One `bytes=` range of a file of `size` bytes, inclusive; null for the whole file, 'unsatisfiable' for 416. */
export function parseRange(header: string | undefined, size: number): [number, number] | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: answering the whole file is what RFC 9110 allows.
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return [start, end];
}

/** Bytes read from the store a piece at a time, so a long recording never sits whole in memory. */
const READ_PIECE_BYTES = 1024 * 1024;

/**
 * Answers a stored file, or the part a Range header asks for (206), with Accept-Ranges so a <video> element can
 * seek. `read(start, length)` fetches bytes from the store.
 */
export function sendFile(
  ctx: Context,
  file: { size: number; contentType: string },
  read: (start: number, length: number) => Promise<Uint8Array>,
): void {
  ctx.set('Accept-Ranges', 'bytes');
  const range = parseRange(ctx.get('Range') || undefined, file.size);
  if (range === 'unsatisfiable') {
    ctx.status = 416;
    ctx.set('Content-Range', `bytes */${file.size}`);
    ctx.body = errorBody('REQUEST.RANGE_NOT_SATISFIABLE', 'Range not satisfiable', []);
    return;
  }
  const [start, end] = range ?? [0, file.size - 1];
  ctx.status = range ? 206 : 200;
  if (range) ctx.set('Content-Range', `bytes ${start}-${end}/${file.size}`);
  ctx.type = file.contentType;
  ctx.set('Content-Disposition', 'inline');
  ctx.length = end - start + 1;
  ctx.body = Readable.from(
    (async function* pieces() {
      for (let at = start; at <= end; at += READ_PIECE_BYTES) {
        yield Buffer.from(await read(at, Math.min(READ_PIECE_BYTES, end - at + 1)));
      }
    })(),
  );
}
