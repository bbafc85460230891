/** Discord's limit on nicknames. */
export const NICKNAME_MAX_LENGTH = 32;

export interface NicknameValues {
  robloxName: string;
  displayName: string;
  robloxId: string;
  /** The member's role name in the server's bound group; '' when none. */
  groupRank: string;
  discordName: string;
  /** The member's role name in each of their groups, by group id, for `{group-rank:<groupId>}`. */
  groupRanks?: Readonly<Record<string, string>>;
}

/**
 * Fills a nickname template (the server's nicknameFormat or a bind's nickname): `{roblox-name}`, `{display-name}`,
 * `{smart-name}`, `{roblox-id}`, `{rank-name}` (also `{group-rank}`: the rank in the bound group), `{discord-name}`
 * and `{group-rank:<groupId>}`. `{roblox-username}` is the stored default of discord_server_configs and means the
 * same as `{roblox-name}`; unknown placeholders stay as typed so an owner sees their mistake. The result is cut to
 * Discord's 32 characters.
 */
export function formatNickname(format: string, values: NicknameValues): string {
  const smartName =
    values.displayName && values.displayName !== values.robloxName
      ? `${values.displayName} (@${values.robloxName})`
      : values.robloxName;
  const byPlaceholder: Record<string, string> = {
    'roblox-name': values.robloxName,
    'roblox-username': values.robloxName,
    'display-name': values.displayName || values.robloxName,
    'smart-name': smartName,
    'roblox-id': values.robloxId,
    'group-rank': values.groupRank,
    'rank-name': values.groupRank,
    'discord-name': values.discordName,
  };
  const filled = format
    .replace(/\{([a-z-]+)(?::(\d{1,20}))?\}/g, (whole, key: string, groupId: string | undefined) =>
      groupId === undefined
        ? (byPlaceholder[key] ?? whole)
        : key === 'group-rank'
          ? (values.groupRanks?.[groupId] ?? '')
          : whole,
    )
    .trim();
  // Cut by code points so a name never ends in half an emoji; a space left at the cut goes too, or Discord's stored
  // name would differ from the plan's and every sync would rename the member again.
  return [...(filled || values.robloxName)].slice(0, NICKNAME_MAX_LENGTH).join('').trimEnd();
}
