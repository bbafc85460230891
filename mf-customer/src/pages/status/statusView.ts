import type { StatusResponse } from '@groupflow/core/contracts';

/** Spec 1 section 2.15: the figures shown while the server has none to give. */
export const STATUS_DEFAULTS = { uptime: 99.97, successRate: 99.97, avgResponseTime: 156 } as const;
export const STATUS_REFRESH_MS = 30_000;

export type ShownStatus = 'operational' | 'degraded' | 'down' | 'unknown';

/** Operational, degraded and down are shown as such; anything else as unknown. */
export const shownStatus = (status: string | undefined): ShownStatus =>
  status === 'operational' || status === 'degraded' || status === 'down' ? status : 'unknown';

export const STATUS_LABEL: Record<ShownStatus, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
  unknown: 'Unknown',
};

export const OVERALL_LABEL: Record<ShownStatus, string> = {
  operational: 'All Systems Operational',
  degraded: 'Partial System Outage',
  down: 'Major System Outage',
  unknown: 'Status Unknown',
};

export function shownFigures(status: Partial<StatusResponse> | undefined) {
  return {
    uptime: status?.uptime ?? STATUS_DEFAULTS.uptime,
    successRate: status?.metrics?.successRate ?? STATUS_DEFAULTS.successRate,
    avgResponseTime: status?.metrics?.avgResponseTime ?? STATUS_DEFAULTS.avgResponseTime,
    totalRequests: status?.metrics?.totalRequests ?? 0,
    activeBots: status?.metrics?.activeBots ?? 0,
    // Null while no bot is registered: "0 / 0" beside an operational Discord bot read as a contradiction (issue 36).
    totalBots: status?.metrics?.totalBots || null,
    connectedUsers: status?.metrics?.connectedUsers ?? 0,
  };
}

/** A bot uptime percent as shown; a dash while the bot has written no heartbeat in the window. */
export const botUptimeText = (percent: number | null) => (percent === null ? '—' : `${percent}%`);
