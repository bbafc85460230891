import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { ActivityLedger, ActivitySessionEntry } from '../groupPorts.ts';
import type { WorkspaceReadSettings } from '../workspaceReads.ts';

/** GET /api/roblox/groups/{id}/activity/sessions: the players' latest stays as the game servers reported them. */
export class ListActivitySessions {
  readonly #access: GroupAccessPolicy;
  readonly #ledger: Pick<ActivityLedger, 'sessions'>;
  readonly #clock: Clock;
  readonly #settings: WorkspaceReadSettings;

  constructor(
    access: GroupAccessPolicy,
    ledger: Pick<ActivityLedger, 'sessions'>,
    clock: Clock,
    settings: WorkspaceReadSettings,
  ) {
    this.#access = access;
    this.#ledger = ledger;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<ActivitySessionEntry[]> {
    await this.#access.view(customerId, groupId);
    return this.#ledger.sessions(groupId, this.#clock.now(), this.#settings.sessionCapMs, this.#settings.listLimit);
  }
}
