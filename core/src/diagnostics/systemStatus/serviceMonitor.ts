import type { Clock } from '../../shared/clock.ts';
import type {
  BotCounts,
  BotFleet,
  BotUptime,
  BotUptimeFigures,
  ConnectedUsers,
  Incident,
  IncidentSeverity,
  IncidentStore,
  ServiceCheck,
  ServiceCheckResult,
  ServiceStatus,
} from './ports.ts';

export interface ServiceMonitorSettings {
  /** Pause between two rounds of checks. */
  intervalMs: number;
  /** A check still running after this counts as down. */
  checkTimeoutMs: number;
  /** How many incidents the status page lists. */
  incidentsShown: number;
}

export interface ServiceState {
  name: string;
  description: string;
  critical: boolean;
  result: ServiceCheckResult | null;
  lastChecked: Date | null;
  /** Percent of rounds since start in which the service was not down; null before its first known answer. */
  uptime: number | null;
}

export interface MonitorSnapshot {
  services: ServiceState[];
  /** Percent of rounds since start in which no critical service was down. */
  uptime: number | null;
  lastUpdated: Date | null;
  bots: BotCounts | null;
  /** From the bot's heartbeats over fixed windows; null until first read. */
  botUptime: BotUptimeFigures | null;
  connectedUsers: number | null;
  incidents: Incident[];
}

interface Tracked {
  check: ServiceCheck;
  result: ServiceCheckResult | null;
  lastChecked: Date | null;
  counted: number;
  up: number;
  /** The incident of the current impairment, from its start until it is saved as completed. */
  incident: Incident | undefined;
  /** True while the incident holds changes the store has not taken yet (e.g. while the database is down). */
  unsaved: boolean;
}

const isBad = (status: ServiceStatus) => status === 'degraded' || status === 'down';
const SEVERITY_RANK: Record<IncidentSeverity, number> = { minor: 0, major: 1, critical: 2 };

/**
 * Checks every service now and then, keeps what the status page shows (so GET /api/status costs no check and no
 * query), and records an incident whenever a service becomes degraded or down, with an update at every change and
 * when it is back. Incidents wait in memory while the store cannot take them, so a database outage is recorded
 * once the database answers again.
 */
export class ServiceMonitor {
  readonly #tracked: Tracked[];
  readonly #store: IncidentStore;
  readonly #bots: BotFleet;
  readonly #botUptime: BotUptime;
  readonly #users: ConnectedUsers;
  readonly #clock: Clock;
  readonly #settings: ServiceMonitorSettings;
  readonly #newId: () => string;
  #adopted = false;
  #recent: Incident[] = [];
  #botCounts: BotCounts | null = null;
  #botUptimeFigures: BotUptimeFigures | null = null;
  #connectedUsers: number | null = null;
  #rounds = 0;
  #roundsUp = 0;
  #lastUpdated: Date | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;
  #round: Promise<void> | undefined;

  constructor(deps: {
    checks: ServiceCheck[];
    store: IncidentStore;
    bots: BotFleet;
    botUptime: BotUptime;
    users: ConnectedUsers;
    clock: Clock;
    settings: ServiceMonitorSettings;
    newId: () => string;
  }) {
    this.#tracked = deps.checks.map((check) => ({
      check,
      result: null,
      lastChecked: null,
      counted: 0,
      up: 0,
      incident: undefined,
      unsaved: false,
    }));
    this.#store = deps.store;
    this.#bots = deps.bots;
    this.#botUptime = deps.botUptime;
    this.#users = deps.users;
    this.#clock = deps.clock;
    this.#settings = deps.settings;
    this.#newId = deps.newId;
  }

  /** One round: every check at once, then incidents, counts and the recent list. Overlapping calls share it. */
  runRound(): Promise<void> {
    this.#round ??= this.#runRound().finally(() => (this.#round = undefined));
    return this.#round;
  }

  /** Takes a result found elsewhere (the health probe sees the database every second) between two rounds. */
  async observe(name: string, result: ServiceCheckResult): Promise<void> {
    const tracked = this.#tracked.find((t) => t.check.name === name);
    if (!tracked || tracked.result?.status === result.status) return;
    this.#apply(tracked, result, this.#clock.now());
    await this.#saveIncidents();
  }

  snapshot(): MonitorSnapshot {
    const unsaved = this.#tracked.flatMap((t) => (t.incident ? [t.incident] : []));
    const byId = new Map(this.#recent.map((incident) => [incident.id, incident]));
    for (const incident of unsaved) byId.set(incident.id, incident);
    const incidents = [...byId.values()]
      .sort((a, b) => b.startTime.getTime() - a.startTime.getTime())
      .slice(0, this.#settings.incidentsShown);
    return {
      services: this.#tracked.map((t) => ({
        name: t.check.name,
        description: t.check.description,
        critical: t.check.critical,
        result: t.result,
        lastChecked: t.lastChecked,
        uptime: t.counted ? (100 * t.up) / t.counted : null,
      })),
      uptime: this.#rounds ? (100 * this.#roundsUp) / this.#rounds : null,
      lastUpdated: this.#lastUpdated,
      bots: this.#botCounts,
      botUptime: this.#botUptimeFigures,
      connectedUsers: this.#connectedUsers,
      incidents,
    };
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    const tick = () => {
      void this.runRound().finally(() => {
        if (this.#running) this.#timer = setTimeout(tick, this.#settings.intervalMs);
      });
    };
    tick();
  }

  /** Stops the loop and waits for a round in flight, so nothing touches the database after shutdown. */
  async stop(): Promise<void> {
    this.#running = false;
    clearTimeout(this.#timer);
    await this.#round;
  }

  async #runRound(): Promise<void> {
    await this.#adoptUnresolved();
    // Counts keep their last known value while the database cannot answer.
    const [results, bots, botUptime, users, recent] = await Promise.all([
      Promise.all(this.#tracked.map((t) => this.#checkWithin(t.check))),
      this.#bots.counts().catch(() => this.#botCounts),
      this.#botUptime.figures(this.#clock.now()).catch(() => this.#botUptimeFigures),
      this.#users.count().catch(() => this.#connectedUsers),
      this.#store.recent(this.#settings.incidentsShown).catch(() => this.#recent),
    ]);
    const now = this.#clock.now();
    // Applied together, so a status answer never mixes two rounds.
    this.#tracked.forEach((tracked, index) => this.#apply(tracked, results[index]!, now));
    this.#botCounts = bots;
    this.#botUptimeFigures = botUptime;
    this.#connectedUsers = users;
    this.#recent = recent;
    const criticalDown = this.#tracked.some((t) => t.check.critical && t.result?.status === 'down');
    this.#rounds += 1;
    if (!criticalDown) this.#roundsUp += 1;
    this.#lastUpdated = now;
    await this.#saveIncidents();
  }

  async #checkWithin(check: ServiceCheck): Promise<ServiceCheckResult> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const limit = this.#settings.checkTimeoutMs;
    const timeout = new Promise<ServiceCheckResult>((resolve) => {
      timer = setTimeout(
        () => resolve({ status: 'down', responseTimeMs: null, detail: `no answer within ${limit} ms` }),
        limit,
      );
    });
    try {
      return await Promise.race([
        check.check().catch((error: unknown) => ({
          status: 'down' as const,
          responseTimeMs: null,
          detail: error instanceof Error ? error.message : String(error),
        })),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  #apply(tracked: Tracked, result: ServiceCheckResult, now: Date): void {
    const previous = tracked.result?.status;
    tracked.result = result;
    tracked.lastChecked = now;
    if (result.status !== 'unknown') {
      tracked.counted += 1;
      if (result.status !== 'down') tracked.up += 1;
    }
    const name = tracked.check.name;
    if (isBad(result.status)) {
      const severity: IncidentSeverity =
        result.status === 'degraded' ? 'minor' : tracked.check.critical ? 'critical' : 'major';
      const message = `${name} is ${result.status === 'down' ? 'down' : 'degraded'}${result.detail ? `: ${result.detail}` : ''}`;
      if (!tracked.incident) {
        tracked.incident = {
          id: this.#newId(),
          service: name,
          title: `${name} ${result.status === 'down' ? 'outage' : 'degraded performance'}`,
          description: result.detail ?? message,
          status: 'investigating',
          severity,
          startTime: now,
          endTime: null,
          updates: [{ time: now, message }],
        };
        tracked.unsaved = true;
      } else if (previous !== result.status) {
        const incident = tracked.incident;
        incident.updates.push({ time: now, message });
        if (SEVERITY_RANK[severity] > SEVERITY_RANK[incident.severity]) incident.severity = severity;
        tracked.unsaved = true;
      }
      return;
    }
    if (tracked.incident && result.status === 'operational') {
      const incident = tracked.incident;
      incident.status = 'completed';
      incident.endTime = now;
      incident.updates.push({ time: now, message: `${name} is operational again` });
      tracked.unsaved = true;
    }
  }

  async #saveIncidents(): Promise<void> {
    for (const tracked of this.#tracked) {
      const incident = tracked.incident;
      if (!incident || !tracked.unsaved) continue;
      try {
        await this.#store.save({ ...incident, updates: [...incident.updates] });
        tracked.unsaved = false;
        if (incident.status === 'completed') {
          tracked.incident = undefined;
          this.#recent = [incident, ...this.#recent.filter((i) => i.id !== incident.id)];
        }
      } catch {
        // Kept in memory and saved by a later round.
      }
    }
  }

  /** Continues the incidents a previous run left open, so a restart neither duplicates nor forgets them. */
  async #adoptUnresolved(): Promise<void> {
    if (this.#adopted) return;
    let open: Incident[];
    try {
      open = await this.#store.unresolved();
    } catch {
      return;
    }
    this.#adopted = true;
    for (const incident of open) {
      const tracked = this.#tracked.find((t) => t.check.name === incident.service);
      if (!tracked) continue;
      if (tracked.incident) {
        // Found open while this run had already started its own: one incident, the older, carries both histories.
        incident.updates.push(...tracked.incident.updates);
        tracked.unsaved = true;
      }
      tracked.incident = incident;
    }
  }
}
