import { Conflict, Invalid } from '../../shared/errors.ts';
import { requireRankAbove, type GroupAccessPolicy } from '../groupAccess.ts';
import type { RankingEngine } from '../rankingEngine.ts';
import type { RankChange, RankChangeSource } from '../rankingPorts.ts';

export const NO_SUCH_RANK = 'No role of this group has that rank';
export const ALREADY_THAT_RANK = 'The member already holds that rank';

export interface RankRequest {
  /** Roblox's 0-255 rank number of the role to give. */
  rankId: number;
  reason: string;
}

/**
 * POST /api/roblox/groups/{id}/members/{userId}/rank, and an accepted application's rank: a manager gives a member a
 * role of the group below their own, carried out by the ranking engine.
 */
export class ChangeMemberRank {
  readonly #access: GroupAccessPolicy;
  readonly #ranking: RankingEngine;

  constructor(access: GroupAccessPolicy, ranking: RankingEngine) {
    this.#access = access;
    this.#ranking = ranking;
  }

  async execute(
    customerId: number | undefined,
    groupId: string,
    userId: string,
    request: RankRequest,
    source: Extract<RankChangeSource, 'manual' | 'application'> = 'manual',
  ): Promise<RankChange> {
    const access = await this.#access.manage(customerId, groupId);
    // Refused before Roblox is asked anything: the new rank alone may already be out of reach.
    requireRankAbove(access, [request.rankId]);
    const apiKey = await this.#ranking.keyOf(groupId);
    const { roles, current } = await this.#ranking.currentRole(apiKey, groupId, userId);
    requireRankAbove(access, [current?.rank ?? null, request.rankId]);
    const to = roles.find((role) => role.rank === request.rankId && role.rank > 0);
    if (!to) throw new Invalid('ROBLOX.NO_SUCH_RANK', NO_SUCH_RANK, [{ path: ['rankId'], message: NO_SUCH_RANK }]);
    if (current?.id === to.id) throw new Conflict('ROBLOX.ALREADY_THAT_RANK', ALREADY_THAT_RANK);
    return this.#ranking.assign({
      groupId,
      apiKey,
      userId,
      from: current,
      to,
      reason: request.reason,
      actor: { name: access.customer.robloxUsername, robloxId: access.customer.robloxId },
      source,
    });
  }
}
