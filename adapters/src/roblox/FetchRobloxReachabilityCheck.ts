import type { ServiceCheck, ServiceCheckResult } from '@groupflow/core';

/**
 * Whether Roblox's web APIs answer at all: one GET of a documented users operation, the profile of user 1 (Roblox's
 * own account; ROBLOX_API_BASE with `{service}` = users), within the time limit. The service's bare origin is no
 * documented operation. Any answer below 500 means reachable; 503 is Roblox's own "down".
 */
export class FetchRobloxReachabilityCheck implements ServiceCheck {
  readonly name = 'Roblox APIs';
  readonly description = 'Roblox users, groups and thumbnails web APIs';
  readonly critical = false;
  readonly #url: string;
  readonly #timeoutMs: number;

  constructor(apiBase: string, timeoutMs: number) {
    this.#url = `${apiBase.replace('{service}', 'users').replace(/\/$/, '')}/v1/users/1`;
    this.#timeoutMs = timeoutMs;
  }

  async check(): Promise<ServiceCheckResult> {
    const started = performance.now();
    let status: number;
    try {
      const response = await fetch(this.#url, { redirect: 'manual', signal: AbortSignal.timeout(this.#timeoutMs) });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return {
        status: 'down',
        responseTimeMs: null,
        detail: timedOut ? `no answer within ${this.#timeoutMs} ms` : `unreachable${cause ? ` (${cause})` : ''}`,
      };
    }
    const responseTimeMs = Math.round(performance.now() - started);
    if (status === 503) return { status: 'down', responseTimeMs, detail: 'Roblox answered 503 Service Unavailable' };
    if (status >= 500) return { status: 'degraded', responseTimeMs, detail: `Roblox answered ${status}` };
    return { status: 'operational', responseTimeMs, detail: null };
  }
}
