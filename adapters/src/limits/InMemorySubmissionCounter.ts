import type { SubmissionCounter } from '@groupflow/core';

/**
 * Sliding-window counts per address, kept in memory: a restart forgets them, which only loosens a
 * flood guard for one window. Addresses whose hits have all expired are dropped on the next hit.
 */
export class InMemorySubmissionCounter implements SubmissionCounter {
  readonly #hits = new Map<string, number[]>();

  async hit(address: string, at: Date, windowMs: number): Promise<number> {
    const since = at.getTime() - windowMs;
    for (const [key, times] of this.#hits) {
      if (key !== address && times.every((t) => t <= since)) this.#hits.delete(key);
    }
    const recent = (this.#hits.get(address) ?? []).filter((t) => t > since);
    recent.push(at.getTime());
    this.#hits.set(address, recent);
    return recent.length;
  }
}
