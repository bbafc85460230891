import { TooManyAttempts, Unavailable } from '../shared/errors.ts';
import type { RobloxGroups } from './ports.ts';
import type { GroupOpenCloudKeys } from './rankingPorts.ts';
import type { GroupRoster } from './workspacePorts.ts';

export interface QuotaRosterSettings {
  /** QUOTA_PROGRESS_MAX_MEMBERS: most members read across the roles of the quota ranks. */
  maxMembers: number;
}

/** A member as the roster lists them, with the rank of the role Roblox lists them under. */
export interface RankedMember {
  userId: string;
  username: string | null;
  rankId: number;
  rankName: string;
}

export type QuotaRosterRead =
  { status: 'read'; members: Map<string, RankedMember>; complete: boolean } | { status: 'unavailable' };

/** Roblox never lists guests (rank 0) as members of a role. */
const GUEST_RANK = 0;

/**
 * Every member whose current rank has a quota, as Roblox lists the group's roles: through Open Cloud with the
 * group's own key when it saved one, else the public groups API. Highest ranks are read first, so a roster cut at
 * `maxMembers` loses the lowest. When Roblox cannot answer the read says so instead of failing the page.
 */
export class QuotaRoster {
  readonly #groups: Pick<RobloxGroups, 'rolesOf'>;
  readonly #roster: GroupRoster;
  readonly #keys: Pick<GroupOpenCloudKeys, 'find'>;
  readonly #settings: QuotaRosterSettings;

  constructor(
    groups: Pick<RobloxGroups, 'rolesOf'>,
    roster: GroupRoster,
    keys: Pick<GroupOpenCloudKeys, 'find'>,
    settings: QuotaRosterSettings,
  ) {
    this.#groups = groups;
    this.#roster = roster;
    this.#keys = keys;
    this.#settings = settings;
  }

  async read(groupId: string, ranks: ReadonlySet<number>): Promise<QuotaRosterRead> {
    const members = new Map<string, RankedMember>();
    if (ranks.size === 0) return { status: 'read', members, complete: true };
    try {
      const [roles, key] = await Promise.all([this.#groups.rolesOf(groupId), this.#keys.find(groupId)]);
      let complete = true;
      const quotaRoles = roles
        .filter((role) => role.rank !== GUEST_RANK && ranks.has(role.rank))
        .sort((a, b) => b.rank - a.rank);
      for (const role of quotaRoles) {
        const left = this.#settings.maxMembers - members.size;
        if (left <= 0) return { status: 'read', members, complete: false };
        const listed = await this.#roster.roleMembers(groupId, role.id, left, key?.apiKey ?? null);
        for (const member of listed.members)
          members.set(member.userId, { ...member, rankId: role.rank, rankName: role.name });
        complete &&= !listed.more;
      }
      return { status: 'read', members, complete };
    } catch (error) {
      if (error instanceof Unavailable || error instanceof TooManyAttempts) return { status: 'unavailable' };
      throw error;
    }
  }
}
