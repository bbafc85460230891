/**
 * The global request wrapper of spec 3 section 7: every failed call is reported here, classified, and the
 * shell's diagnostics (live monitor, connection-issue modal) listen. Screens may also ask for the diagnostics.
 */

/** `auth`: a 401 on a /api/user call; `server`: 500 and above; `connection`: any other failure. */
export type DiagnosticKind = 'auth' | 'server' | 'connection';

export interface DiagnosticReport {
  kind: DiagnosticKind;
  url: string;
  /** The answer's status; null when no answer came (network exception, unhandled error). */
  status: number | null;
  message: string;
  time: number;
}

/** Classifies a finished call; null for an OK answer. */
export function classifyResponse(url: string, status: number): DiagnosticKind | null {
  if (status >= 200 && status < 300) return null;
  if (status === 401 && url.includes('/api/user')) return 'auth';
  if (status >= 500) return 'server';
  return 'connection';
}

/** Unhandled errors count as connection errors only when they are about fetching. */
export const mentionsFetch = (message: string) => /fetch/i.test(message);

/**
 * Whether a report means the product cannot talk to its server (no answer, or a server error): those open the
 * connection-issue modal; a 401 from /api/user is the normal answer to a visitor, and a 4xx the answer to one call.
 */
export const isConnectionIssue = (report: DiagnosticReport) => report.status === null || report.kind === 'server';

type Listener = (report: DiagnosticReport) => void;

const listeners = new Set<Listener>();
const openListeners = new Set<() => void>();

export function reportDiagnostic(report: Omit<DiagnosticReport, 'time'>): void {
  const full = { ...report, time: Date.now() };
  for (const listener of listeners) listener(full);
}

export function onDiagnostic(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks the shell to open the diagnostics (the customer dashboard's "Analyzing connection issues..." state). */
export function openDiagnostics(): void {
  for (const listener of openListeners) listener();
}

export function onOpenDiagnostics(listener: () => void): () => void {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
}

const urlOf = (input: RequestInfo | URL) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

const messageOf = (value: unknown) => (value instanceof Error ? value.message : String(value ?? ''));

/**
 * Wraps `target.fetch` so every call reports its failure, and listens for unhandled errors that mention fetch.
 * A network exception is reported once, even when it later goes unhandled. Returns the undo.
 */
export function installFetchDiagnostics(target: Window & typeof globalThis = window): () => void {
  const original = target.fetch;
  const reported = new WeakSet<object>();
  const wrapped: typeof fetch = async (input, init) => {
    const url = urlOf(input);
    let response: Response;
    try {
      response = await original.call(target, input, init);
    } catch (error) {
      // An abort is the caller's own decision, not a connection problem.
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        if (error && typeof error === 'object') reported.add(error);
        reportDiagnostic({
          kind: 'connection',
          url,
          status: null,
          message: messageOf(error) || 'Network request failed',
        });
      }
      throw error;
    }
    const kind = classifyResponse(url, response.status);
    if (kind)
      reportDiagnostic({ kind, url, status: response.status, message: `${response.status}: ${response.statusText}` });
    return response;
  };
  target.fetch = wrapped;
  const onError = (event: ErrorEvent) => {
    const message = event.message || messageOf(event.error);
    if (event.error && reported.has(event.error)) return;
    if (mentionsFetch(message)) reportDiagnostic({ kind: 'connection', url: '', status: null, message });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (event.reason && typeof event.reason === 'object' && reported.has(event.reason)) return;
    const message = messageOf(event.reason);
    if (mentionsFetch(message)) reportDiagnostic({ kind: 'connection', url: '', status: null, message });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.fetch = original;
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
