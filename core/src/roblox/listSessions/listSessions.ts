import type { Clock } from '../../shared/clock.ts';
import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { GroupSessions, ScheduledSession } from '../workspacePorts.ts';

const DAY_MS = 24 * 60 * 60_000;

/** GET /api/roblox/groups/{id}/sessions: members with workspace access see the coming sessions. */
export class ListSessions {
  readonly #access: GroupAccessPolicy;
  readonly #sessions: GroupSessions;
  readonly #clock: Clock;
  readonly #limit: number;

  constructor(access: GroupAccessPolicy, sessions: GroupSessions, clock: Clock, limit: number) {
    this.#access = access;
    this.#sessions = sessions;
    this.#clock = clock;
    this.#limit = limit;
  }

  async execute(customerId: number | undefined, groupId: string): Promise<ScheduledSession[]> {
    await this.#access.view(customerId, groupId);
    // Sessions that started within the last day stay listed while they may still be running.
    return this.#sessions.upcoming(groupId, new Date(this.#clock.now().getTime() - DAY_MS), this.#limit);
  }
}
