/**
 * The bind model (issue 35): what a member must be on Roblox for a Discord role, as Bloxlink and RoVer owners know
 * it. A member holds exactly the union of the roles of the binds they match; roles named by no bind are never
 * touched (the unverified role aside). Stored per server; the legacy `rankBinds` of the bound group read as `rank`
 * binds.
 */
export const BIND_KINDS = ['verified', 'group', 'rank', 'rankRange', 'gamepass', 'badge', 'asset'] as const;
export type BindKind = (typeof BIND_KINDS)[number];

/** The kinds matched by owning a Roblox item (`assetId` names the game pass, badge or asset). */
export const ITEM_BIND_KINDS = ['gamepass', 'badge', 'asset'] as const satisfies readonly BindKind[];
export type ItemBindKind = (typeof ITEM_BIND_KINDS)[number];

export interface Bind {
  /** Stable across saves of an unchanged bind, so a preview and an audit can name it. */
  id: string;
  kind: BindKind;
  /** `group`, `rank`, `rankRange`: the Roblox group. */
  groupId?: string | undefined;
  /** `rank`: the exact 0-255 rank. */
  rankId?: number | undefined;
  /** `rankRange`: inclusive bounds, 0-255. */
  minRank?: number | undefined;
  maxRank?: number | undefined;
  /** `gamepass`, `badge`, `asset`: the item owned. */
  assetId?: string | undefined;
  /** Discord role ids the bind gives. */
  roleIds: string[];
  /** A nickname template for members this bind matches; null or absent: the server's `nicknameFormat`. */
  nickname?: string | null | undefined;
}

/** Who may verify in a server at all (issue 35 point 3). */
export interface ServerRestrictions {
  /** 0 for none; the account's Roblox creation date decides. */
  minAccountAgeDays: number;
  /** Only members of this Roblox group may verify; null for none. */
  requireGroupId: string | null;
  bannedRobloxIds: { robloxId: string; reason: string }[];
}

export const NO_RESTRICTIONS: Readonly<ServerRestrictions> = Object.freeze({
  minAccountAgeDays: 0,
  requireGroupId: null,
  bannedRobloxIds: [],
});
