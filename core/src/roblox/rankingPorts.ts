import type { RobloxRole } from './ports.ts';

/**
 * Ports of ranking through Roblox Open Cloud with the group's own API key: the key's store, Open Cloud's group
 * resources as that key sees them, and the audit trail of every rank change.
 */

/** What Open Cloud says a key may do in a group (its `group:*` operations, e.g. `group:read`, `group:write`). */
export interface OpenCloudKeyCheck {
  permissions: string[];
  /** When the key's creator set it to expire (the introspection's `expirationTimeUtc`); null: never. */
  expiresAt: Date | null;
}

export interface GroupOpenCloud {
  /**
   * Asks Open Cloud about the key (introspection) and reads the group's roles with it. Invalid when Open Cloud
   * refuses the key or the key cannot reach the group.
   */
  checkKey(apiKey: string, groupId: string): Promise<OpenCloudKeyCheck>;
  /** The group's roles as the key sees them. */
  roles(apiKey: string, groupId: string): Promise<RobloxRole[]>;
  /** The member's role id in the group; null when they are not a member. */
  roleOf(apiKey: string, groupId: string, userId: string): Promise<string | null>;
  /** `:assignRole`; 429s and Roblox's own failures are retried, and a failure that lasts is thrown. */
  assignRole(apiKey: string, groupId: string, userId: string, roleId: string): Promise<void>;
}

export interface NewOpenCloudKey {
  apiKey: string;
  permissions: string[];
  savedBy: number;
  savedAt: Date;
  expiresAt: Date | null;
  /** The last Open Cloud call with the key that succeeded; saving one reads the group's roles with it. */
  lastUsedAt: Date | null;
}

/** What the owner was told about the key, once each: that it lapses soon, that Roblox refused it. */
export type OpenCloudKeyNotice = 'lapsing' | 'refused';

export interface StoredOpenCloudKey extends NewOpenCloudKey {
  /** When the owner was warned that the key lapses soon; null: not yet. */
  lapseWarnedAt: Date | null;
  /** When Open Cloud first refused the saved key (the owner was told then); null: never. */
  refusedAt: Date | null;
}

/** The group's Open Cloud key, sealed at rest by the adapter; one per group. */
export interface GroupOpenCloudKeys {
  /** Replaces the group's key; what the owner was told of the old one is forgotten with it. */
  save(groupId: string, key: NewOpenCloudKey): Promise<void>;
  find(groupId: string): Promise<StoredOpenCloudKey | null>;
  markUsed(groupId: string, at: Date): Promise<void>;
  /**
   * Records the notice for the key saved at `savedAt`; true only for the call that recorded it, so of racing jobs
   * or processes one tells the owner, and a key replaced meanwhile is not marked.
   */
  markNoticed(groupId: string, savedAt: Date, notice: OpenCloudKeyNotice, at: Date): Promise<boolean>;
  /**
   * Groups whose key the owner was not warned about yet and Roblox has not refused since its last use, that
   * expires before `expiringBefore` or was last used (or saved) before `unusedSince`.
   */
  unwarned(expiringBefore: Date, unusedSince: Date): Promise<string[]>;
}

export type RankChangeSource = 'manual' | 'auto' | 'application';

export interface NewRankChange {
  groupId: string;
  /** Who asked: the manager's Roblox name and id, or null for automatic promotion. */
  actorName: string;
  actorRobloxId: string | null;
  targetUserId: string;
  targetName: string;
  fromRank: number | null;
  fromRoleName: string | null;
  toRank: number;
  toRoleName: string;
  reason: string;
  source: RankChangeSource;
  /** skipped: automatic promotion did not ask Open Cloud, because the rule's saver may no longer make it. */
  result: 'succeeded' | 'failed' | 'skipped';
  /** Why Open Cloud refused or failed, or why it was skipped; null on success. */
  error: string | null;
}

export interface RankChange extends NewRankChange {
  id: number;
  createdAt: Date;
}

export interface RankAuditTrail {
  record(entry: NewRankChange): Promise<RankChange>;
  /** Newest first. */
  list(groupId: string, limit: number): Promise<RankChange[]>;
}

/** Forgets a member's cached group roles, so the role sync after a rank change reads the new rank. */
export interface MemberRankCache {
  forget(robloxUserId: string): Promise<void>;
}
