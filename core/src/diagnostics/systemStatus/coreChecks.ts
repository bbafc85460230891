import type { ProbedHealth, ProbedHealthReport } from '../checkHealth/probedHealth.ts';
import type { RequestMetrics, ServiceCheck, ServiceCheckResult } from './ports.ts';
import { isBotOnline, type BotState } from '../../discord/botState.ts';
import type { Clock } from '../../shared/clock.ts';

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

/**
 * The Discord bot as its shards report in: the same BotState and online window as the setup check
 * (GET /api/discord/bot-status), so /status and /setup-verification never disagree about the bot.
 */
export class BotPresenceServiceCheck implements ServiceCheck {
  readonly name = 'Discord Bot';
  readonly description = 'Role sync, verification and commands in Discord servers';
  readonly critical = false;
  readonly #bot: BotState;
  readonly #clock: Clock;
  readonly #onlineWindowMs: number;

  constructor(bot: BotState, clock: Clock, onlineWindowMs: number) {
    this.#bot = bot;
    this.#clock = clock;
    this.#onlineWindowMs = onlineWindowMs;
  }

  async check(): Promise<ServiceCheckResult> {
    const started = this.#clock.now().getTime();
    const snapshot = await this.#bot.read();
    const responseTimeMs = this.#clock.now().getTime() - started;
    if (snapshot.shards.length === 0)
      return { status: 'unknown', responseTimeMs, detail: 'The bot has not connected yet' };
    if (!isBotOnline(snapshot, this.#clock.now(), this.#onlineWindowMs)) {
      const seconds = Math.round(this.#onlineWindowMs / 1000);
      return { status: 'down', responseTimeMs, detail: `No bot heartbeat in the last ${seconds} s` };
    }
    const servers = snapshot.guilds.length;
    return {
      status: 'operational',
      responseTimeMs,
      detail: `Online in ${servers} ${servers === 1 ? 'server' : 'servers'}`,
    };
  }
}
