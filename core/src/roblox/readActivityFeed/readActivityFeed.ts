import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { ActivityFeed } from '../workspacePorts.ts';

/**
 * GET /api/roblox/groups/{id}/feed: what happened in the group, typed (training, patrol, promotion, recruitment,
 * documentation), newest first, for anyone with workspace access.
 */
export class ReadActivityFeed {
  readonly #access: GroupAccessPolicy;
  readonly #feed: ActivityFeed;
  readonly #limit: number;

  constructor(access: GroupAccessPolicy, feed: ActivityFeed, limit: number) {
    this.#access = access;
    this.#feed = feed;
    this.#limit = limit;
  }

  async execute(customerId: number | undefined, groupId: string) {
    await this.#access.view(customerId, groupId);
    return this.#feed.latest(groupId, this.#limit);
  }
}
