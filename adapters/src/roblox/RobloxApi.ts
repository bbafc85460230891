import { TooManyAttempts, Unavailable, type RobloxImage } from '@groupflow/core';
import { readAnswer, serviceOf, type AnswerOf, type RobloxOperation } from './answers.ts';

export type RobloxService = 'users' | 'groups' | 'thumbnails' | 'inventory';

export interface RobloxApiSettings {
  /** `{service}` becomes users, groups, thumbnails or inventory, e.g. `https://{service}.roblox.com`. */
  apiBase: string;
  /** Open Cloud origin, e.g. `https://apis.roblox.com`. */
  openCloudBase: string;
  /** Set: memberships, roles and profiles are read through Open Cloud v2 with this key. */
  openCloudKey: string | undefined;
  /** Time limit of one HTTP call. */
  requestTimeoutMs: number;
  /** Time limit of a whole lookup, retries and waits included: past it the caller hears "not answering". */
  deadlineMs: number;
  /** How many times a 429 is retried. */
  maxRetries: number;
  /** First back-off step after a 429 without retry-after; doubles at every retry. */
  retryBaseMs: number;
  /**
   * Hosts an image (a headshot's address, as the thumbnails API gives it) may come from: names, or `*.name` for its
   * subdomains, over https. The thumbnails API's own origin (from `apiBase`) is accepted too, whatever its scheme.
   */
  imageHosts: string[];
  /** Largest image fetched; a longer one is refused and never passed on. */
  imageMaxBytes: number;
}

/** The message every caller shows when Roblox is down, slow or refusing connections. */
export const ROBLOX_NOT_ANSWERING = 'Roblox is not answering. Please try again in a moment.';
export const ROBLOX_RATE_LIMITED = 'Roblox rate limited our requests. Please wait a moment and try again.';

/**
 * An image address off the configured Roblox image hosts, or an answer that is not an image within the size cap:
 * refused before (or while) reading, so the server never fetches or passes on what someone else chose.
 */
export class RobloxImageRefused extends Error {
  override name = 'RobloxImageRefused';
}

/** A 404 (or 400 for an unknown id) is an answer, not a failure: the adapters turn it into null. */
export class RobloxNotFound extends Error {
  override name = 'RobloxNotFound';
}

/**
 * Open Cloud refused the call with the key it was given (401 UNAUTHENTICATED, 403 PERMISSION_DENIED...): the
 * key is wrong, revoked or lacks a permission, which retrying cannot mend.
 */
export class RobloxRefused extends Error {
  override name = 'RobloxRefused';
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** One Open Cloud call: its own key (a group's), a method and JSON body, and whether 5xx answers are retried. */
export interface CloudCall {
  apiKey?: string;
  method?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  /** For calls that are safe to repeat (assigning the same role twice is one change): Roblox's 5xx are retried too. */
  retryServerErrors?: boolean;
}

/** A 404/400 for an id means "nobody has it": null instead of an error. */
export async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof RobloxNotFound) return null;
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Seconds or an HTTP date, as RFC 9110 allows; undefined when absent or unreadable. Open Cloud also names the
 * wait in `x-ratelimit-reset` (seconds until the window resets), read when retry-after is missing.
 */
function retryAfterMs(headers: Headers): number | undefined {
  const header = headers.get('retry-after') ?? headers.get('x-ratelimit-reset');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * The one HTTP client of the Roblox adapters. Every call has a time limit; a 429 waits for its retry-after (or a
 * doubling back-off) and tries again while the lookup's deadline allows; a 5xx, a timeout or a refused connection
 * is `Unavailable` ("Roblox is not answering") at once, so a screen hears it within the deadline.
 */
export class RobloxApi {
  readonly settings: RobloxApiSettings;

  constructor(settings: RobloxApiSettings) {
    this.settings = settings;
  }

  get usesOpenCloud(): boolean {
    return Boolean(this.settings.openCloudKey);
  }

  url(service: RobloxService, path: string): string {
    return `${this.settings.apiBase.replace('{service}', service).replace(/\/$/, '')}${path}`;
  }

  /**
   * A legacy web API call of a documented operation (its host names the service), its answer parsed by the
   * operation's schema; the body, when given, is sent as JSON.
   */
  async web<O extends RobloxOperation>(operation: O, path: string, body?: unknown): Promise<AnswerOf<O>> {
    const init: RequestInit =
      body === undefined
        ? {}
        : { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    return readAnswer(
      operation,
      await this.#call<unknown>(this.url(serviceOf(operation) as RobloxService, path), init),
    );
  }

  /** An Open Cloud call of a documented operation, its answer parsed by the operation's schema. */
  async cloudRead<O extends RobloxOperation>(operation: O, path: string, call: CloudCall = {}): Promise<AnswerOf<O>> {
    return readAnswer(operation, await this.cloud<unknown>(path, call));
  }

  /**
   * An Open Cloud call (`/cloud/v2/...`) with the configured API key, or the one given (a group's own), its answer
   * unread: `cloudRead` parses it; only calls outside the documents (the key introspection) parse their own.
   */
  cloud<T>(path: string, call: CloudCall = {}): Promise<T> {
    const key = call.apiKey ?? this.settings.openCloudKey;
    if (!key) throw new Error('Open Cloud is not configured (ROBLOX_OPEN_CLOUD_KEY)');
    const headers: Record<string, string> = { 'x-api-key': key };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    return this.#call<T>(
      `${this.settings.openCloudBase.replace(/\/$/, '')}${path}`,
      {
        method: call.method ?? 'GET',
        headers,
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      },
      undefined,
      [],
      // A group's own key is the caller's to mend, so its refusal is told apart; the platform key's is an outage.
      { refusalTold: call.apiKey !== undefined, retryServerErrors: call.retryServerErrors ?? false },
    );
  }

  /** Whether `url` is on one of the configured image hosts (or the thumbnails API's own origin). */
  isImageHost(url: string): boolean {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return false;
    }
    if (target.username || target.password) return false;
    if (target.origin === new URL(this.url('thumbnails', '/')).origin) return true;
    if (target.protocol !== 'https:') return false;
    const host = target.hostname.toLowerCase();
    return this.settings.imageHosts.some((entry) => {
      const allowed = entry.toLowerCase();
      return allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed;
    });
  }

  /**
   * An image from Roblox's CDN (a headshot's address), under the same time limits and retries; only from the image
   * hosts, only `image/*`, and at most `imageMaxBytes` (RobloxImageRefused otherwise). Redirects are not followed,
   * since they could lead off those hosts.
   */
  image(url: string): Promise<RobloxImage> {
    if (!this.isImageHost(url)) return Promise.reject(new RobloxImageRefused(`Not a Roblox image host: ${url}`));
    return this.#call(url, { redirect: 'error' }, (response) => this.#readImage(response), [RobloxImageRefused]);
  }

  async #readImage(response: Response): Promise<RobloxImage> {
    const max = this.settings.imageMaxBytes;
    const contentType = response.headers.get('content-type') ?? '';
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (!contentType.startsWith('image/') || declared > max) {
      await response.body?.cancel();
      throw new RobloxImageRefused(`Refused image (${contentType || 'no type'}, ${declared} bytes declared)`);
    }
    // The declared length may be absent or false: count while reading and stop past the cap.
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel();
        throw new RobloxImageRefused(`Refused image over ${max} bytes`);
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return { contentType, bytes };
  }

  async #call<T>(
    url: string,
    init: RequestInit,
    read: (response: Response) => Promise<T> = async (response) => (await response.json()) as T,
    /** Errors of `read` passed on as they are, not turned into "not answering". */
    passed: (new (...args: never[]) => Error)[] = [],
    mode: { refusalTold: boolean; retryServerErrors: boolean } = { refusalTold: false, retryServerErrors: false },
  ): Promise<T> {
    const { requestTimeoutMs, deadlineMs, maxRetries, retryBaseMs } = this.settings;
    const deadline = Date.now() + deadlineMs;
    for (let attempt = 0; ; attempt += 1) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Unavailable('ROBLOX.UNAVAILABLE', ROBLOX_NOT_ANSWERING);
      let response: Response;
      try {
        response = await fetch(url, { ...init, signal: AbortSignal.timeout(Math.min(requestTimeoutMs, left)) });
      } catch {
        // Timeouts, refused connections, resets and DNS failures all mean the same thing to the user.
        throw new Unavailable('ROBLOX.UNAVAILABLE', ROBLOX_NOT_ANSWERING);
      }
      if (response.ok) {
        try {
          return await read(response);
        } catch (error) {
          if (passed.some((kind) => error instanceof kind)) throw error;
          throw new Unavailable('ROBLOX.UNAVAILABLE', ROBLOX_NOT_ANSWERING);
        }
      }
      if (mode.refusalTold && (response.status === 401 || response.status === 403)) {
        const error = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
        throw new RobloxRefused(response.status, error.code ?? 'PERMISSION_DENIED', error.message ?? 'Refused');
      }
      await response.body?.cancel();
      if (response.status === 404 || response.status === 400)
        throw new RobloxNotFound(`${response.status} from ${url}`);
      if (response.status >= 500 && mode.retryServerErrors && attempt < maxRetries) {
        const wait = retryBaseMs * 2 ** attempt;
        if (Date.now() + wait < deadline) {
          await sleep(wait);
          continue;
        }
      }
      if (response.status === 429) {
        const wait = retryAfterMs(response.headers) ?? retryBaseMs * 2 ** attempt;
        // Waiting past the deadline would only delay the same answer.
        if (attempt >= maxRetries || Date.now() + wait >= deadline) {
          throw new TooManyAttempts('ROBLOX.RATE_LIMITED', ROBLOX_RATE_LIMITED, Math.max(1, Math.ceil(wait / 1000)));
        }
        await sleep(Math.max(wait, retryBaseMs * 2 ** attempt));
        continue;
      }
      throw new Unavailable('ROBLOX.UNAVAILABLE', ROBLOX_NOT_ANSWERING);
    }
  }
}
