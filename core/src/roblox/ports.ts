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
  /** Every group the user belongs to, with their role in it. */
  groupRolesOf(robloxUserId: string): Promise<RobloxGroupRole[]>;
}
