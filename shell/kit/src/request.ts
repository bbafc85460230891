import { STAFF_SIGNED_IN_COOKIE, type FieldIssue } from '@groupflow/core/contracts';

/** Key under which the staff login stores its bearer token (spec 2: "staff token kept in local storage"). */
export const STAFF_TOKEN_KEY = 'staffToken';
export const STAFF_USER_KEY = 'staffUser';
// Beside the token key, so the shell's first bundle can name it without the session hook (which reads the
// contract's API table, and with it every schema).
export { STAFF_LOGIN_PATH } from '@groupflow/core/contracts';

/** The longest a browser keeps a cookie (Chromium caps Max-Age at 400 days): the marker lives as long as the token. */
const STAFF_MARKER_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const staffMarkerSet = () => document.cookie.split('; ').includes(`${STAFF_SIGNED_IN_COOKIE}=1`);

/**
 * Sets or clears the marker cookie that tells the server a staff token is stored here (STAFF_SIGNED_IN_COOKIE), so
 * a staff-only page opened without one is redirected to the sign-in at once. Written only when it changes.
 */
export function markStaffSignedIn(signedIn: boolean): void {
  if (typeof document === 'undefined' || staffMarkerSet() === signedIn) return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  const lifetime = signedIn ? STAFF_MARKER_MAX_AGE_SECONDS : 0;
  document.cookie = `${STAFF_SIGNED_IN_COOKIE}=${signedIn ? 1 : ''}; Path=/; Max-Age=${lifetime}; SameSite=Lax${secure}`;
}

/** Stores the staff bearer token and its marker cookie. */
export function storeStaffToken(token: string): void {
  localStorage.setItem(STAFF_TOKEN_KEY, token);
  markStaffSignedIn(true);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The error body every failed API call answers with (`code` is AREA.REASON; `issues` name fields on a 400). */
interface ErrorBody {
  code?: string;
  message?: string;
  issues?: FieldIssue[];
}

function readErrorBody(body: string): ErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

const isFieldIssue = (value: unknown): value is FieldIssue =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as FieldIssue).path) &&
  typeof (value as FieldIssue).message === 'string';

/**
 * Marks every HttpError, whichever copy of this module made it: the kit's entries other than the main one (form,
 * chat, …) are bundled into each remote, so an error thrown by the shared client meets a second HttpError class
 * there, and a plain instanceof would say no.
 */
const HTTP_ERROR = Symbol.for('@groupflow/shell-kit/HttpError');

/**
 * Error raised for any non-OK response; message is "STATUS: body" as spec 3 section 7 requires. The server's error
 * body `{ code, message, issues }` is read through `code`, `serverMessage` and `issues`.
 */
export class HttpError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && HTTP_ERROR in value;
  }

  readonly [HTTP_ERROR] = true;
  readonly status: number;
  readonly body: string;
  /** A refusal's Retry-After in seconds (429, 503), so a screen can say when to try again; absent otherwise. */
  readonly retryAfterSeconds: number | undefined;
  constructor(status: number, body: string, retryAfterSeconds?: number) {
    super(`${status}: ${body}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The server's stable AREA.REASON code, what screens choose their text by; absent on non-JSON answers. */
  get code(): string | undefined {
    const code = readErrorBody(this.body)?.code;
    return typeof code === 'string' ? code : undefined;
  }

  /** The server's `{ message }` when the body is JSON, else the raw text. */
  get serverMessage(): string | undefined {
    const parsed = readErrorBody(this.body);
    if (!parsed) return this.body || undefined;
    return typeof parsed.message === 'string' ? parsed.message : undefined;
  }

  /** The field issues of a refused body (400), each with the path of the field it is about. */
  get issues(): FieldIssue[] {
    const issues = readErrorBody(this.body)?.issues;
    return Array.isArray(issues) ? issues.filter(isFieldIssue) : [];
  }
}

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the stored staff token as a bearer header (the endpoint's `auth` is staff). */
  bearer?: boolean;
}

export function staffBearer(): Record<string, string> {
  const token = globalThis.localStorage?.getItem(STAFF_TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The kit's one fetch: credentials always, a JSON body with its content type (a Blob, an upload route's file, goes
 * as it is with its own type), the staff bearer when asked, and an HttpError for any answer that is not OK.
 * Internal: screens call through endpoint objects (client.ts).
 */
export async function request(url: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, ...(options.bearer ? staffBearer() : {}) };
  const file = options.body instanceof Blob ? options.body : undefined;
  if (file) headers['Content-Type'] = file.type;
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    credentials: 'include',
  });
  if (!response.ok) {
    const text = await response.text();
    // The server sends Retry-After as seconds, never as a date.
    const retryAfter = Number(response.headers.get('Retry-After') ?? Number.NaN);
    throw new HttpError(response.status, text || response.statusText, retryAfter > 0 ? retryAfter : undefined);
  }
  return response;
}
