import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { ActivityLedger } from '../groupPorts.ts';
import type { WorkspaceReadSettings } from '../workspaceReads.ts';

/** GET /api/roblox/groups/{id}/activity: per place, who played and for how long, from what the game servers reported. */
export class ReadGroupActivity {
  readonly #access: GroupAccessPolicy;
  readonly #ledger: Pick<ActivityLedger, 'summary'>;
  readonly #clock: Clock;
  readonly #settings: WorkspaceReadSettings;

  constructor(
    access: GroupAccessPolicy,
    ledger: Pick<ActivityLedger, 'summary'>,
    clock: Clock,
    settings: WorkspaceReadSettings,
  ) {
    this.#access = access;
    this.#ledger = ledger;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined, groupId: string) {
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
}
