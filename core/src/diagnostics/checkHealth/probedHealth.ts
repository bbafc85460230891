import type { Clock } from '../../shared/clock.ts';
import type { CheckHealth, HealthReport } from './checkHealth.ts';

export interface ProbedHealthReport extends HealthReport {
  /** When the database was last probed; never more than the probe interval before the answer. */
  checkedAt: string;
  /** How long the probe took. */
  probeMs: number;
}

type Listener = (report: ProbedHealthReport) => void;

/**
 * Answers GET /api/health from the latest probe instead of one database round trip per request: a background loop
 * probes every `intervalMs`, and a caller finding the snapshot older than that joins the probe in flight, so an
 * answer is never staler than the interval and the database sees at most one probe at a time whatever the traffic.
 */
export class ProbedHealth {
  readonly #check: CheckHealth;
  readonly #clock: Clock;
  readonly #intervalMs: number;
  #latest: { report: ProbedHealthReport; at: number } | undefined;
  #inFlight: Promise<ProbedHealthReport> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;
  readonly #listeners = new Set<Listener>();

  constructor(check: CheckHealth, clock: Clock, intervalMs: number) {
    this.#check = check;
    this.#clock = clock;
    this.#intervalMs = intervalMs;
  }

  /** The latest report if fresh enough; otherwise the next one. */
  current(): ProbedHealthReport | Promise<ProbedHealthReport> {
    const latest = this.#latest;
    if (latest && this.#clock.now().getTime() - latest.at <= this.#intervalMs) return latest.report;
    return this.refresh();
  }

  /** Probes now, unless a probe is already running, whose result is shared. */
  refresh(): Promise<ProbedHealthReport> {
    this.#inFlight ??= this.#probe().finally(() => (this.#inFlight = undefined));
    return this.#inFlight;
  }

  /** Called after every probe (incident recording watches the database through it). */
  onReport(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    const tick = () => {
      void this.refresh().finally(() => {
        if (this.#running) this.#timer = setTimeout(tick, this.#intervalMs);
      });
    };
    tick();
  }

  stop(): void {
    this.#running = false;
    clearTimeout(this.#timer);
  }

  async #probe(): Promise<ProbedHealthReport> {
    const started = this.#clock.now();
    const outcome = await this.#check.execute();
    const report = {
      ...outcome,
      checkedAt: started.toISOString(),
      probeMs: this.#clock.now().getTime() - started.getTime(),
    };
    this.#latest = { report, at: started.getTime() };
    for (const listener of this.#listeners) listener(report);
    return report;
  }
}
