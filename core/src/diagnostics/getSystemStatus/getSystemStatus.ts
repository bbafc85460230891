import type { Clock } from '../../shared/clock.ts';
import type { BotUptimeFigures, Incident, RequestMetrics, ServiceStatus } from '../systemStatus/ports.ts';
import type { ServiceMonitor } from '../systemStatus/serviceMonitor.ts';

export type OverallStatus = 'operational' | 'degraded' | 'down';

export interface SystemStatus {
  overall: OverallStatus;
  uptime: number | null;
  uptimeSeconds: number;
  /** The bot's uptime from its heartbeats, per window; null before the monitor's first round. */
  botUptime: BotUptimeFigures | null;
  startedAt: Date;
  lastUpdated: Date | null;
  services: {
    name: string;
    description: string;
    status: ServiceStatus;
    uptime: number | null;
    responseTime: number | null;
    detail: string | null;
    lastChecked: Date | null;
  }[];
  metrics: {
    totalRequests: number;
    successRate: number | null;
    avgResponseTime: number | null;
    windowSeconds: number;
    activeBots: number | null;
    totalBots: number | null;
    connectedUsers: number | null;
  };
  incidents: Incident[];
}

/** GET /api/status: what the monitor last found plus the live request figures; no check or query of its own. */
export class GetSystemStatus {
  readonly #monitor: ServiceMonitor;
  readonly #metrics: RequestMetrics;
  readonly #clock: Clock;
  readonly #startedAt: Date;

  constructor(monitor: ServiceMonitor, metrics: RequestMetrics, clock: Clock) {
    this.#monitor = monitor;
    this.#metrics = metrics;
    this.#clock = clock;
    this.#startedAt = clock.now();
  }

  execute(): SystemStatus {
    const snapshot = this.#monitor.snapshot();
    const figures = this.#metrics.figures();
    const services = snapshot.services.map((service) => ({
      name: service.name,
      description: service.description,
      status: service.result?.status ?? 'unknown',
      uptime: service.uptime,
      responseTime: service.result?.responseTimeMs ?? null,
      detail: service.result?.detail ?? null,
      lastChecked: service.lastChecked,
    }));
    const criticalDown = snapshot.services.some((s) => s.critical && s.result?.status === 'down');
    const impaired = services.some((s) => s.status === 'down' || s.status === 'degraded');
    return {
      overall: criticalDown ? 'down' : impaired ? 'degraded' : 'operational',
      uptime: snapshot.uptime,
      uptimeSeconds: Math.floor((this.#clock.now().getTime() - this.#startedAt.getTime()) / 1000),
      botUptime: snapshot.botUptime,
      startedAt: this.#startedAt,
      lastUpdated: snapshot.lastUpdated,
      services,
      metrics: {
        totalRequests: figures.totalRequests,
        successRate: figures.successRate,
        avgResponseTime: figures.avgResponseTime,
        windowSeconds: figures.windowSeconds,
        activeBots: snapshot.bots?.activeBots ?? null,
        totalBots: snapshot.bots?.totalBots ?? null,
        connectedUsers: snapshot.connectedUsers,
      },
      incidents: snapshot.incidents,
    };
  }
}
