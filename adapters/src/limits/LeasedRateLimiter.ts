import type { RateDecision, RateLimiter } from '@groupflow/core';

/** Points taken from a shared limit in one step, and what the shared count said at that moment. */
export interface PointLease {
  /** At most the points asked for; fewer (or none) when the limit had fewer left. */
  granted: number;
  remaining: number;
  /** Until the shared window ends. */
  resetsInMs: number;
}

/** A shared limit that can hand out several points at once (limits without a block only). */
export interface LeasableRateLimiter extends RateLimiter {
  lease(key: string, wanted: number): Promise<PointLease>;
}

export interface LeaseSettings {
  /** The share of the points left in a window one process takes at once (0 < share ≤ 1). */
  share: number;
  /** The limit's window: how often keys whose window ended are forgotten. */
  windowMs: number;
}

interface KeyState {
  /** Points this process took from the shared count and has not used yet. */
  held: number;
  /** The shared count's remaining points when last asked. */
  remaining: number;
  resetsAt: number;
  /** The lease being asked for; concurrent requests for the key wait for it instead of asking again. */
  leasing?: Promise<void>;
}

/** A key's window has ended and no lease for it is on its way: its state can go. */
const ended = (state: KeyState, now: number) => state.resetsAt <= now && !state.leasing;

/**
 * A shared per-key limit consumed mostly in process: a key's first hit in a window is counted in the shared
 * store as usual, later hits take a lease of `share` of what is left and spend it locally, so a busy client costs
 * a few shared upserts per window instead of one per request. Every admitted point was taken from the shared
 * count first, so several processes together never admit more than the limit; a client whose calls move between
 * processes may be refused while another process still holds unused points (at most `share` of what was left).
 */
export class LeasedRateLimiter implements RateLimiter {
  readonly #shared: LeasableRateLimiter;
  readonly #settings: LeaseSettings;
  readonly #now: () => number;
  readonly #keys = new Map<string, KeyState>();
  #sweepAt = 0;

  constructor(shared: LeasableRateLimiter, settings: LeaseSettings, now: () => number = Date.now) {
    if (!(settings.share > 0 && settings.share <= 1)) throw new RangeError('A lease share lies in (0, 1]');
    this.#shared = shared;
    this.#settings = settings;
    this.#now = now;
  }

  async consume(key: string, points = 1): Promise<RateDecision> {
    for (;;) {
      const now = this.#now();
      const state = this.#current(key, now);
      if (state && state.held >= points) {
        state.held -= points;
        return { allowed: true, remaining: state.remaining + state.held, retryAfterMs: 0 };
      }
      if (state?.leasing) {
        await state.leasing;
        continue;
      }
      // Known spent: refused without asking the store again until the window ends.
      if (state && state.remaining === 0) return { allowed: false, remaining: 0, retryAfterMs: state.resetsAt - now };
      await this.#lease(key, points, state, now);
    }
  }

  async reset(key: string): Promise<void> {
    this.#keys.delete(key);
    await this.#shared.reset(key);
  }

  #current(key: string, now: number): KeyState | undefined {
    const state = this.#keys.get(key);
    if (state && ended(state, now)) {
      this.#keys.delete(key);
      return undefined;
    }
    return state;
  }

  /** The first hit of a window asks for exactly what it needs, which also tells how much is left. */
  #lease(key: string, points: number, known: KeyState | undefined, now: number): Promise<void> {
    const extra = known ? Math.floor(this.#settings.share * known.remaining) : 0;
    const state: KeyState = known ?? { held: 0, remaining: 0, resetsAt: now };
    this.#keys.set(key, state);
    const leasing = this.#shared.lease(key, points + extra).then(
      (lease) => {
        state.held += lease.granted;
        state.remaining = lease.remaining;
        state.resetsAt = this.#now() + lease.resetsInMs;
      },
      (error: unknown) => {
        this.#keys.delete(key);
        throw error;
      },
    );
    state.leasing = leasing.finally(() => (state.leasing = undefined));
    this.#sweep(now);
    return state.leasing;
  }

  /** Forgets keys whose window has ended, once per window, so the map holds only recent clients. */
  #sweep(now: number): void {
    if (now < this.#sweepAt) return;
    this.#sweepAt = now + this.#settings.windowMs;
    for (const [key, state] of this.#keys) if (ended(state, now)) this.#keys.delete(key);
  }
}
