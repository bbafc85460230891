import type { ProbedHealth, ProbedHealthReport } from '../checkHealth/probedHealth.ts';
import type { RequestMetrics, ServiceCheck, ServiceCheckResult } from './ports.ts';

/** The API answers whoever asks for the status; it is degraded when too many of its answers are server errors. */
export class ApiServiceCheck implements ServiceCheck {
  readonly name = 'API';
  readonly description = 'GroupFlow web API and dashboard';
  readonly critical = true;
  readonly #metrics: RequestMetrics;
  readonly #degradedBelow: number;

  constructor(metrics: RequestMetrics, degradedBelowPercent: number) {
    this.#metrics = metrics;
    this.#degradedBelow = degradedBelowPercent;
  }

  async check(): Promise<ServiceCheckResult> {
    const figures = this.#metrics.figures();
    const degraded = figures.successRate !== null && figures.successRate < this.#degradedBelow;
    return {
      status: degraded ? 'degraded' : 'operational',
      responseTimeMs: figures.avgResponseTime,
      detail: degraded ? `only ${figures.successRate!.toFixed(1)}% of requests succeeded` : null,
    };
  }
}

/** The database as the health probe last saw it: no extra round trip. */
export class DatabaseServiceCheck implements ServiceCheck {
  readonly name = 'Database';
  readonly description = 'PostgreSQL: accounts, servers, tickets and settings';
  readonly critical = true;
  readonly #health: ProbedHealth;

  constructor(health: ProbedHealth) {
    this.#health = health;
  }

  static resultOf(report: ProbedHealthReport): ServiceCheckResult {
    return report.database === 'connected'
      ? { status: 'operational', responseTimeMs: report.probeMs, detail: null }
      : { status: 'down', responseTimeMs: null, detail: report.recovery.lastError };
  }

  async check(): Promise<ServiceCheckResult> {
    return DatabaseServiceCheck.resultOf(await this.#health.current());
  }
}
