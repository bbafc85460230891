import type { Bind } from '../binds.ts';
import type { GuildSnapshot } from '../botPorts.ts';
import { serverBinds, type ServerConfig } from '../serverConfigs.ts';

/** Discord's limit on a message's content; the listing stops short of it. */
const MESSAGE_LIMIT = 2000;

function condition(bind: Bind): string {
  switch (bind.kind) {
    case 'verified':
      return 'any proven Roblox account';
    case 'group':
      return `member of group ${bind.groupId}`;
    case 'rank':
      return `rank ${bind.rankId} in group ${bind.groupId}`;
    case 'rankRange':
      return `ranks ${bind.minRank}-${bind.maxRank} in group ${bind.groupId}`;
    case 'gamepass':
      return `owns game pass ${bind.assetId}`;
    case 'badge':
      return `owns badge ${bind.assetId}`;
    case 'asset':
      return `owns asset ${bind.assetId}`;
  }
}

/**
 * What /binds answers: each bind (the legacy rank binds among them) with the roles it gives, by name, and the
 * settings that decide who gets none. Cut before Discord's message limit, saying how many were left out.
 */
export function describeBinds(config: ServerConfig, guild: GuildSnapshot): string {
  const roleName = (id: string) => {
    const role = guild.roles.find((candidate) => candidate.id === id);
    return role ? `@${role.name}` : `a deleted role (${id})`;
  };
  const binds = serverBinds(config);
  const head = [`**${binds.length} bind${binds.length === 1 ? '' : 's'} in ${guild.name}**`];
  if (config.unverifiedRoleId) head.push(`Unverified members get ${roleName(config.unverifiedRoleId)}.`);
  if (config.bypassRoleIds.length)
    head.push(`Never changed by a sync: holders of ${config.bypassRoleIds.map(roleName).join(', ')}.`);
  const { minAccountAgeDays, requireGroupId, bannedRobloxIds } = config.restrictions;
  const rules = [
    minAccountAgeDays ? `accounts at least ${minAccountAgeDays} days old` : '',
    requireGroupId ? `members of group ${requireGroupId}` : '',
    bannedRobloxIds.length ? `${bannedRobloxIds.length} account${bannedRobloxIds.length === 1 ? '' : 's'} barred` : '',
  ].filter(Boolean);
  if (rules.length) head.push(`Only ${rules.join('; ')} may verify.`);
  if (!binds.length) head.push('No binds yet: add them in the GroupFlow dashboard (Configure → Binds).');

  const lines = binds.map((bind) => {
    const nickname = bind.nickname ? ` (nickname ${bind.nickname})` : '';
    return `• ${condition(bind)} → ${bind.roleIds.map(roleName).join(', ') || 'no role'}${nickname}`;
  });
  const shown: string[] = [...head];
  let length = shown.join('\n').length;
  for (const [index, line] of lines.entries()) {
    const more = `… and ${lines.length - index} more in the dashboard.`;
    if (length + line.length + more.length + 2 > MESSAGE_LIMIT) {
      shown.push(more);
      break;
    }
    shown.push(line);
    length += line.length + 1;
  }
  return shown.join('\n');
}
