import type { Clock } from '../../shared/clock.ts';
import type { ActivityLedger, GroupRecords } from '../groupPorts.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';

export interface WorkspaceReadSettings {
  /** Sessions open longer than this are closed at start + cap. */
  sessionCapMs: number;
  listLimit: number;
}

/** Start of the UTC day: "today" of Sessions Today. */
const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * The workspace's lists and figures, from GroupFlow's own records (members, applications, training sessions)
 * and the sessions the group's game servers reported; only for members with access to the group.
 */
export class ReadGroupWorkspace {
  readonly #access: GroupAccessPolicy;
  readonly #records: GroupRecords;
  readonly #ledger: ActivityLedger;
  readonly #clock: Clock;
  readonly #settings: WorkspaceReadSettings;

  constructor(
    access: GroupAccessPolicy,
    records: GroupRecords,
    ledger: ActivityLedger,
    clock: Clock,
    settings: WorkspaceReadSettings,
  ) {
    this.#access = access;
    this.#records = records;
    this.#ledger = ledger;
    this.#clock = clock;
    this.#settings = settings;
  }

  async members(customerId: number | undefined, groupId: string) {
    await this.#access.view(customerId, groupId);
    return this.#records.members(groupId, this.#settings.listLimit);
  }

  async activity(customerId: number | undefined, groupId: string) {
    await this.#access.view(customerId, groupId);
    const rows = await this.#ledger.summary(
      groupId,
      this.#clock.now(),
      this.#settings.sessionCapMs,
      this.#settings.listLimit,
    );
    return rows.map((row) => ({
      id: row.placeId ?? 'unknown',
      gameName: row.placeId ? `Place ${row.placeId}` : 'Unknown place',
      placeId: row.placeId,
      playerCount: row.playerCount,
      activePlayers: row.activePlayers,
      sessionCount: row.sessionCount,
      sessionDuration: row.minutes,
      lastActivityAt: row.lastActivityAt,
    }));
  }

  async sessions(customerId: number | undefined, groupId: string) {
    await this.#access.view(customerId, groupId);
    return this.#ledger.sessions(groupId, this.#clock.now(), this.#settings.sessionCapMs, this.#settings.listLimit);
  }

  async applications(customerId: number | undefined, groupId: string) {
    await this.#access.view(customerId, groupId);
    return this.#records.applications(groupId, this.#settings.listLimit);
  }

  async training(customerId: number | undefined, groupId: string) {
    await this.#access.view(customerId, groupId);
    return this.#records.training(groupId, this.#settings.listLimit);
  }

  async stats(customerId: number | undefined, groupId: string) {
    const { group } = await this.#access.view(customerId, groupId);
    const now = this.#clock.now();
    const [counts, figures] = await Promise.all([
      this.#records.counts(groupId),
      this.#ledger.figures(groupId, now, this.#settings.sessionCapMs, dayStart(now)),
    ]);
    return {
      totalMembers: Math.max(group.memberCount, counts.members),
      trackedMembers: figures.trackedMembers,
      activeStaff: figures.activeStaff,
      sessionsToday: figures.sessionsToday,
      minutesToday: figures.minutesToday,
      pendingApplications: counts.pendingApplications,
      trainingSessions: counts.trainingSessions,
      lastActivityAt: figures.lastActivityAt,
    };
  }
}
