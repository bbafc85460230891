import type { ItemBindKind } from '../discord/binds.ts';

/**
 * Ports of the Roblox area shared with the Discord area: role sync reads a member's rank through
 * `RobloxMemberships`, nicknames read names through `RobloxUsers`. Roblox ids are strings (stored as text).
 */

export interface RobloxUser {
  id: string;
  name: string;
  displayName: string;
  /** The profile text; the proof-of-ownership code is read from it. Empty when Roblox withholds it. */
  description: string;
  /**
   * When the account was created (ISO 8601, as Roblox answers it; text so a cached answer reads back the same), for
   * a server's minimum account age; absent when the source did not say.
   */
  created?: string | null;
}

export interface RobloxUsers {
  /** Null when no Roblox account has that id. */
  byId(id: string): Promise<RobloxUser | null>;
  /** Exact, case-insensitive username match; null when nobody has it. */
  byUsername(username: string): Promise<RobloxUser | null>;
}

/** A user's role in one group (Roblox ranks run 0-255; 255 is the owner). */
export interface RobloxGroupRole {
  groupId: string;
  groupName: string;
  roleId: string;
  roleName: string;
  rank: number;
}

export interface RobloxMemberships {
  /**
   * Every group the user belongs to, with their role in it. `maxAgeMs` bounds how old a cached answer may be (a
   * management decision asks for a fresh one); without it the adapter's own cache time applies.
   */
  groupRolesOf(robloxUserId: string, maxAgeMs?: number): Promise<RobloxGroupRole[]>;
}

/** A game pass, badge or asset a server binds a role to. */
export interface RobloxItem {
  kind: ItemBindKind;
  id: string;
}

export interface RobloxInventory {
  /**
   * Which of `items` the user owns, each as `${kind}:${id}`; asked in as few calls as Roblox allows (one batch
   * where an endpoint takes several ids). An inventory Roblox hides counts as owning nothing.
   */
  ownedBy(robloxUserId: string, items: readonly RobloxItem[]): Promise<Set<string>>;
}

/** A group's public facts (GET groups /v1/groups/{id}, or Open Cloud's group resource). */
export interface RobloxGroupInfo {
  id: string;
  name: string;
  description: string;
  memberCount: number;
  owner: { userId: string; username: string; displayName: string } | null;
  publicEntryAllowed: boolean;
  buildersClubMembersOnly: boolean;
  hasVerifiedBadge: boolean;
}

/** One role of a group; `rank` is Roblox's 0-255 rank number. */
export interface RobloxRole {
  id: string;
  name: string;
  rank: number;
  memberCount: number;
}

export interface RobloxGroups {
  /** Null when no group has that id. */
  byId(groupId: string): Promise<RobloxGroupInfo | null>;
  /** The group's roles, lowest rank first; empty for an unknown group. */
  rolesOf(groupId: string): Promise<RobloxRole[]>;
}

/** An image as Roblox's CDN served it. */
export interface RobloxImage {
  contentType: string;
  bytes: Uint8Array;
}

export interface RobloxThumbnails {
  /** The 48x48 png headshot's address, or null when Roblox has none. */
  headshotUrl(userId: string): Promise<string | null>;
  /** The headshot itself, fetched by the server so the browser never calls Roblox; null when Roblox has none. */
  headshot(userId: string): Promise<RobloxImage | null>;
}

/** Roblox's user search (keyword, at most `limit` results), for the add-account dialog's lookup. */
export interface RobloxUserSearch {
  search(keyword: string, limit: number): Promise<{ id: string; name: string; displayName: string }[]>;
}

/** The profile as it is now, never from a cache: a proof reads the description the user has just edited. */
export interface RobloxProfileReader {
  freshProfile(userId: string): Promise<RobloxUser | null>;
}
