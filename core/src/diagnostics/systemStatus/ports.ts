/** What a live check found; the status page shows anything but these as unknown (spec 1 section 2.15). */
export type ServiceStatus = 'operational' | 'degraded' | 'down' | 'unknown';

export interface ServiceCheckResult {
  status: ServiceStatus;
  /** How long the check took, or the figure it stands for (the API's own average answer time). */
  responseTimeMs: number | null;
  /** Why it is not operational, in words an operator can act on. */
  detail: string | null;
}

/** One service of the status page, checked now and then by the service monitor. */
export interface ServiceCheck {
  readonly name: string;
  readonly description: string;
  /** A critical service down means the platform is down, not degraded. */
  readonly critical: boolean;
  check(): Promise<ServiceCheckResult>;
}

/** Request figures over the rolling window, kept by the HTTP edge. */
export interface RequestFigures {
  totalRequests: number;
  /** Percent of requests answered without a server error; null when there were none. */
  successRate: number | null;
  avgResponseTime: number | null;
  windowSeconds: number;
}

export interface RequestMetrics {
  figures(): RequestFigures;
}

export interface BotCounts {
  activeBots: number;
  totalBots: number;
}

/** Bots known to the platform and how many of them are connected. */
export interface BotFleet {
  counts(): Promise<BotCounts>;
}

const HOUR_MS = 3_600_000;
/** The windows the status page reports bot uptime over (the longest is also how long heartbeat minutes are kept). */
export const BOT_UPTIME_WINDOWS_MS = { last24h: 24 * HOUR_MS, last30d: 30 * 24 * HOUR_MS } as const;
export type BotUptimeWindow = keyof typeof BOT_UPTIME_WINDOWS_MS;

/**
 * Percent of each window's whole minutes in which the bot wrote a heartbeat, counted from the later of the window's
 * start and the bot's first kept heartbeat; null when no heartbeat falls in the window's reach.
 */
export type BotUptimeFigures = Record<BotUptimeWindow, number | null>;

/** Bot uptime from the heartbeats the bot writes (bot_shards' heartbeat, kept by the minute). */
export interface BotUptime {
  figures(now: Date): Promise<BotUptimeFigures>;
}

/** Customers with a live session. */
export interface ConnectedUsers {
  count(): Promise<number>;
}

export type IncidentSeverity = 'critical' | 'major' | 'minor';
/** `investigating` while the service is still impaired, `completed` once it is back (the spec's example status). */
export type IncidentStatus = 'investigating' | 'completed';

export interface IncidentUpdate {
  time: Date;
  message: string;
}

export interface Incident {
  id: string;
  service: string;
  title: string;
  description: string;
  status: IncidentStatus;
  severity: IncidentSeverity;
  startTime: Date;
  endTime: Date | null;
  updates: IncidentUpdate[];
}

/** Where incidents outlive the process. `save` inserts or replaces by id. */
export interface IncidentStore {
  save(incident: Incident): Promise<void>;
  unresolved(): Promise<Incident[]>;
  recent(limit: number): Promise<Incident[]>;
}
