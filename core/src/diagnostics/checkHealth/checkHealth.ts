import type { Clock } from '../../shared/clock.ts';
import type { DatabaseProbe } from './DatabaseProbe.ts';

/** What /api/health says of a refused probe; the driver's own text stays in the server's logs. */
export const DATABASE_UNREACHABLE = 'the database refused the connection or the query';
export type DatabaseState = 'connected' | 'disconnected';

/**
 * How the service is getting back from a database outage: `stable` when nothing failed since start,
 * `reconnecting` while the database is down, `recovered` once it answered again after an outage.
 */
export interface Recovery {
  state: 'stable' | 'reconnecting' | 'recovered';
  failedChecks: number;
  since: string | null;
  lastError: string | null;
  /** The latest outage that ended: when it began, when the database answered again, and how long it lasted. */
  lastOutage?: Outage;
}

export interface Outage {
  startedAt: string;
  endedAt: string;
  durationMs: number;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: DatabaseState;
  recovery: Recovery;
}

/** GET /api/health. Keeps its own outage history so consecutive checks can report recovery. */
export class CheckHealth {
  readonly #probe: DatabaseProbe;
  readonly #clock: Clock;
  readonly #timeoutMs: number;
  #recovery: Recovery = { state: 'stable', failedChecks: 0, since: null, lastError: null };

  constructor(probe: DatabaseProbe, clock: Clock, timeoutMs: number) {
    this.#probe = probe;
    this.#clock = clock;
    this.#timeoutMs = timeoutMs;
  }

  async execute(): Promise<HealthReport> {
    const failure = await this.#ping();
    const now = this.#clock.now().toISOString();
    if (failure === null) {
      if (this.#recovery.state === 'reconnecting') {
        const startedAt = this.#recovery.since ?? now;
        const lastOutage = { startedAt, endedAt: now, durationMs: Date.parse(now) - Date.parse(startedAt) };
        this.#recovery = { ...this.#recovery, state: 'recovered', since: now, lastOutage };
      }
      return { status: 'ok', database: 'connected', recovery: { ...this.#recovery } };
    }
    const wasDown = this.#recovery.state === 'reconnecting';
    this.#recovery = {
      state: 'reconnecting',
      failedChecks: this.#recovery.failedChecks + 1,
      since: wasDown ? this.#recovery.since : now,
      lastError: failure,
      ...(this.#recovery.lastOutage ? { lastOutage: this.#recovery.lastOutage } : {}),
    };
    return { status: 'degraded', database: 'disconnected', recovery: { ...this.#recovery } };
  }

  /** Resolves to null when the database answered, else to the reason; never waits past the timeout. */
  async #ping(): Promise<string | null> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`no answer within ${this.#timeoutMs} ms`), this.#timeoutMs);
    });
    try {
      return await Promise.race([
        this.#probe.ping().then(
          () => null,
          // The driver's message names hosts, ports and users: an anonymous caller gets the kind of failure only.
          () => DATABASE_UNREACHABLE,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
