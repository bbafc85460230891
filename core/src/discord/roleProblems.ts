export const ROLE_PROBLEM_KINDS = ['permission', 'role', 'name', 'member'] as const;
/** The kinds a whole-guild check finds again each time, replacing its previous findings. */
export const GUILD_FINDING_KINDS = [
  'permission',
  'role',
] as const satisfies readonly (typeof ROLE_PROBLEM_KINDS)[number][];

/**
 * What the bot could not reach in a guild, kept where the API can read it (issue 12, the setup check): "roles not
 * given" because of the role hierarchy or a missing Manage Roles permission is the most common complaint about the
 * bots GroupFlow replaces, so the setup check names each cause instead of the sync failing silently.
 */

/**
 * `permission`: a permission the bot lacks; `role`: a role the sync needs but may not give or take; `name`: a role or
 * channel name the one-time conversion to ids could not resolve (none or several matched, or an elevated role);
 * `member`: a member whose roles and nickname the bot may not change at all.
 */
export type RoleProblemKind = (typeof ROLE_PROBLEM_KINDS)[number];

export interface RoleProblem {
  kind: RoleProblemKind;
  /** The permission name, or the Discord id of the role or member. */
  targetId: string;
  /** What the server's admins see: the permission, role or member name. */
  name: string;
  /** Why, and what fixes it. */
  reason: string;
}

export interface GuildRoleProblems {
  guildId: string;
  /** `notedAt`: when the bot last ran into it (the storage's clock, shared by every bot process). */
  problems: (RoleProblem & { notedAt: Date })[];
}

export interface RoleProblemLog {
  /** A check of the whole guild: its permission and role findings replace the previous check's; other notes stay. */
  replaceGuildFindings(guildId: string, findings: RoleProblem[]): Promise<void>;
  /** What a sync ran into; a problem already noted for the same target is updated. */
  note(guildId: string, problems: RoleProblem[]): Promise<void>;
  /** The server's roles and channels were chosen again (a saved configuration): the conversion's notes are settled. */
  clearNames(guildId: string): Promise<void>;
  /** A member the bot has now managed: an earlier note about them no longer holds. */
  clearMember(guildId: string, memberId: string): Promise<void>;
  /** The problems of these guilds, each guild's ordered by kind (as ROLE_PROBLEM_KINDS in the contracts lists them) and name; guilds without any are left out. */
  readFor(guildIds: string[]): Promise<GuildRoleProblems[]>;
}
