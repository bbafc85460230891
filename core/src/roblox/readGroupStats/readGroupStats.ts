import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { ActivityLedger, GroupRecords } from '../groupPorts.ts';
import type { WorkspaceReadSettings } from '../workspaceReads.ts';

/** Start of the UTC day: "today" of Sessions Today. */
const dayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** GET /api/roblox/groups/{id}/stats: the workspace's figures, from GroupFlow's records and the reported sessions. */
export class ReadGroupStats {
  readonly #access: GroupAccessPolicy;
  readonly #records: Pick<GroupRecords, 'counts'>;
  readonly #ledger: Pick<ActivityLedger, 'figures'>;
  readonly #clock: Clock;
  readonly #settings: Pick<WorkspaceReadSettings, 'sessionCapMs'>;

  constructor(
    access: GroupAccessPolicy,
    records: Pick<GroupRecords, 'counts'>,
    ledger: Pick<ActivityLedger, 'figures'>,
    clock: Clock,
    settings: Pick<WorkspaceReadSettings, 'sessionCapMs'>,
  ) {
    this.#access = access;
    this.#records = records;
    this.#ledger = ledger;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined, groupId: string) {
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
