import type { GuildChannel, GuildRole, GuildSnapshot } from '../botPorts.ts';
import { permissionLabel } from '../authority.ts';
import { elevatedPermissions, isEveryoneRole } from '../guildDirectory.ts';
import type { RoleProblem } from '../roleProblems.ts';
import type { RankBind, ServerConfig } from '../serverConfigs.ts';

/** A rank of the bound group: its number, its name, and the role group_ranks bound it to, if any. */
export interface NamedRank {
  rankId: number;
  name: string;
  discordRoleId: string | null;
}

export interface NameConversion {
  changes: Pick<
    ServerConfig,
    | 'moderatorRoles'
    | 'adminRoles'
    | 'logChannel'
    | 'moderationLogChannel'
    | 'verificationRoleId'
    | 'unverifiedRoleId'
    | 'rankBinds'
  >;
  /** Names that matched no role or channel, or several, or a role too powerful to give by a name: kind `name`. */
  problems: RoleProblem[];
}

/** The roles and channels a name-based configuration meant, as they were matched before issue 22. */
const VERIFIED_ROLE_NAME = 'Verified';
const UNVERIFIED_ROLE_NAME = 'Unverified';

const SENDABLE: readonly GuildChannel['type'][] = ['text', 'announcement'];

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Turns a configuration saved before issue 22, which named roles and channels (and let a rank give the role of the
 * same name), into ids, once, against the guild's roles as the bot sees them. What cannot be converted with
 * certainty is left out and reported instead: a name matching no role or several (Discord names are not unique, so
 * a guess could hand out the wrong role), and a rank whose same-named role is elevated (binding it by a name was
 * the exploit). Entries that are already ids are kept, so running it on a converted configuration changes nothing.
 */
export function convertNamedConfig(input: {
  guild: GuildSnapshot;
  config: ServerConfig;
  ranks: NamedRank[];
}): NameConversion {
  const { guild, config, ranks } = input;
  const problems: RoleProblem[] = [];
  const assignableRoles = guild.roles.filter((role) => !isEveryoneRole(guild, role));
  const report = (field: string, entry: string, reason: string, name = entry) =>
    problems.push({ kind: 'name', targetId: `${field}:${entry}`, name, reason });

  /** The one role an entry means: its id, or the only role of that name; undefined (reported) otherwise. */
  const roleFor = (field: string, label: string, entry: string): GuildRole | undefined => {
    const byId = assignableRoles.find((role) => role.id === entry);
    if (byId) return byId;
    const named = assignableRoles.filter((role) => same(role.name, entry.replace(/^@/, '')));
    if (named.length === 1) return named[0];
    report(
      field,
      entry,
      named.length
        ? `${label} "${entry}" matches ${named.length} roles of that name; it was dropped: choose the role in Configure Server`
        : `${label} "${entry}" matches no role in this server; it was dropped: choose the role in Configure Server`,
    );
    return undefined;
  };
  const roleList = (field: 'moderatorRoles' | 'adminRoles', label: string) => [
    ...new Set(
      config[field].map((entry) => roleFor(field, label, entry)?.id).filter((id): id is string => id !== undefined),
    ),
  ];
  const channelFor = (field: 'logChannel' | 'moderationLogChannel', label: string): string => {
    const entry = config[field];
    if (!entry) return '';
    if (guild.channels.some((channel) => channel.id === entry)) return entry;
    const name = entry.replace(/^#/, '');
    const named = guild.channels.filter((channel) => SENDABLE.includes(channel.type) && same(channel.name, name));
    if (named.length === 1) return named[0]!.id;
    report(
      field,
      entry,
      named.length
        ? `${label} "${entry}" matches ${named.length} channels of that name; choose the channel in Configure Server`
        : `${label} "${entry}" matches no text channel in this server; choose the channel in Configure Server`,
    );
    return '';
  };
  /** A verification role left unset meant the role of the default name; only a harmless, unique one is taken. */
  const defaultRole = (field: 'verificationRoleId' | 'unverifiedRoleId', defaultName: string): string => {
    if (config[field]) return config[field];
    const named = assignableRoles.filter((role) => !role.managed && same(role.name, defaultName));
    if (named.length === 1 && !elevatedPermissions(named[0]!).length) return named[0]!.id;
    if (named.length === 1)
      report(field, defaultName, elevatedReason(named[0]!, `The role "${defaultName}"`, 'every verified member'));
    else if (named.length > 1)
      report(
        field,
        defaultName,
        `${named.length} roles are named "${defaultName}"; none was chosen: choose it in Configure Server`,
      );
    return '';
  };

  let rankBinds: RankBind[] = config.rankBinds;
  if (!rankBinds.length) {
    rankBinds = [];
    for (const rank of ranks) {
      const explicit = rank.discordRoleId ? assignableRoles.find((role) => role.id === rank.discordRoleId) : undefined;
      const named = explicit
        ? [explicit]
        : assignableRoles.filter((role) => !role.managed && same(role.name, rank.name));
      const label = `Rank ${rank.rankId} (${rank.name})`;
      if (named.length > 1) {
        report(
          'rankBinds',
          String(rank.rankId),
          `${label} matches ${named.length} roles of that name; it was not bound: bind it in Configure Server`,
          label,
        );
      } else if (named.length === 1) {
        const role = named[0]!;
        // An explicit group_ranks binding was chosen by id already; a same-named role that can moderate was not.
        if (!explicit && elevatedPermissions(role).length) {
          report('rankBinds', String(rank.rankId), elevatedReason(role, label, 'whoever holds that rank'), label);
        } else {
          rankBinds.push({ rankId: rank.rankId, roleId: role.id });
        }
      }
    }
  }

  return {
    changes: {
      moderatorRoles: roleList('moderatorRoles', 'Moderator role'),
      adminRoles: roleList('adminRoles', 'Admin role'),
      logChannel: channelFor('logChannel', 'Log channel'),
      moderationLogChannel: channelFor('moderationLogChannel', 'Moderation log channel'),
      verificationRoleId: defaultRole('verificationRoleId', VERIFIED_ROLE_NAME),
      unverifiedRoleId: defaultRole('unverifiedRoleId', UNVERIFIED_ROLE_NAME),
      rankBinds,
    },
    problems,
  };
}

function elevatedReason(role: GuildRole, what: string, holders: string): string {
  return `${what} was matched by name to "${role.name}", which has ${elevatedPermissions(role)
    .map((permission) => permissionLabel[permission])
    .join(', ')}; it was not bound, so ${holders} does not get it: bind it in Configure Server if that is intended`;
}
