import type { GroupAccessPolicy } from '../groupAccess.ts';
import type { RankAuditTrail } from '../rankingPorts.ts';

/** GET /api/roblox/groups/{id}/audit: the group's rank changes, newest first, for its managers. */
export class ReadRankAudit {
  readonly #access: GroupAccessPolicy;
  readonly #audit: RankAuditTrail;
  readonly #limit: number;

  constructor(access: GroupAccessPolicy, audit: RankAuditTrail, limit: number) {
    this.#access = access;
    this.#audit = audit;
    this.#limit = limit;
  }

  async execute(customerId: number | undefined, groupId: string) {
    await this.#access.manage(customerId, groupId);
    return this.#audit.list(groupId, this.#limit);
  }
}
