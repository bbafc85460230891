// An ambient declaration cannot be imported, and every package compiling this file (adapters, services) needs it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../types/negotiator.d.ts" />
import Negotiator from 'negotiator';
import type { IncomingHttpHeaders } from 'node:http';

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Among codings the client accepts equally (every browser sends `gzip, deflate, br`), brotli first: smaller. */
export const PREFERRED_CODINGS: readonly ContentCoding[] = ['br', 'gzip', 'identity'];

/** The file the build writes beside each text asset for a coding (compression-webpack-plugin, federatedApp.mjs). */
export const PRECOMPRESSED_SUFFIX: Record<Exclude<ContentCoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

/**
 * The codings of `available` the request's Accept-Encoding admits, best first: by the client's q-values, then by
 * PREFERRED_CODINGS. No Accept-Encoding admits identity only; `identity;q=0` without another match admits nothing.
 */
export function acceptedCodings(
  headers: IncomingHttpHeaders,
  available: readonly ContentCoding[] = PREFERRED_CODINGS,
): ContentCoding[] {
  return new Negotiator({ headers }).encodings(available, { preferred: PREFERRED_CODINGS }) as ContentCoding[];
}
