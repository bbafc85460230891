/** Discord's limit on nicknames. */
export const NICKNAME_MAX_LENGTH = 32;

export interface NicknameValues {
  robloxName: string;
  displayName: string;
  robloxId: string;
  groupRank: string;
  discordName: string;
}

/**
 * Fills a nicknameFormat template. `{roblox-username}` is the stored default of discord_server_configs and means
 * the same as `{roblox-name}`; unknown placeholders stay as typed so an owner sees their mistake.
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
    'discord-name': values.discordName,
  };
  const filled = format.replace(/\{([a-z-]+)\}/g, (whole, key: string) => byPlaceholder[key] ?? whole).trim();
  // Cut by code points so a name never ends in half an emoji.
  return [...(filled || values.robloxName)].slice(0, NICKNAME_MAX_LENGTH).join('');
}
