import { permissionLabel } from '../../discord/authority.ts';
import type { GuildChannel, GuildRole, GuildSnapshot } from '../../discord/botPorts.ts';
import { elevatedPermissions, isEveryoneRole } from '../../discord/guildDirectory.ts';
import type { RankBind, ServerConfig } from '../../discord/serverConfigs.ts';
import { Invalid, type InvalidIssue } from '../../shared/errors.ts';

/** What POST /api/discord/servers/{id}/config may change: role and channel entries may be ids or names. */
export type ServerConfigChanges = Partial<ServerConfig> & {
  /** Confirms binds to elevated roles (Administrator, Manage Server, Manage Roles, Kick, Ban, Moderate Members). */
  allowElevated?: boolean;
};

/** Channels the bot can post a log to. */
const SENDABLE: readonly GuildChannel['type'][] = ['text', 'announcement'];

const NOT_REPORTED = " (the bot has not reported this server's roles and channels yet: start the bot, then try again)";

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Turns the role and channel entries of a configuration change into ids (issue 22): an entry that is already stored
 * stays as it is; otherwise it must be the id of one of the guild's roles (channels) or a name that exactly one
 * matches, any case, with an optional leading @ (#). A name matching none or several, @everyone, a role managed by
 * an integration given by a rank bind, and a new bind to an elevated role without `allowElevated` are refused with
 * one issue per entry (400), so nothing is guessed and nothing is written.
 */
export function resolveReferences(
  changes: ServerConfigChanges,
  stored: ServerConfig,
  guild: GuildSnapshot | null,
): Partial<ServerConfig> {
  const issues: InvalidIssue[] = [];
  const roles = guild?.roles ?? [];
  const channels = guild?.channels ?? [];
  const hint = guild ? '' : NOT_REPORTED;

  const role = (path: (string | number)[], entry: string, kept: readonly string[]): GuildRole | string | undefined => {
    if (kept.includes(entry)) return entry;
    const name = entry.replace(/^@/, '');
    const found = roles.filter(
      (candidate) => candidate.id === entry || same(candidate.name, entry) || same(candidate.name, name),
    );
    const byId = found.find((candidate) => candidate.id === entry);
    if (!byId && found.length !== 1) {
      issues.push({
        path,
        message: found.length
          ? `${found.length} roles are named "${entry}"; choose one of them by id`
          : `No role named "${entry}" in this server${hint}`,
      });
      return undefined;
    }
    const chosen = byId ?? found[0]!;
    if (guild && isEveryoneRole(guild, chosen)) {
      issues.push({ path, message: '@everyone cannot be chosen: every member holds it' });
      return undefined;
    }
    return chosen;
  };
  const idOf = (resolved: GuildRole | string | undefined) => (typeof resolved === 'string' ? resolved : resolved?.id);

  const resolved: Partial<ServerConfig> = {};
  for (const field of ['moderatorRoles', 'adminRoles', 'bypassRoleIds'] as const) {
    const entries = changes[field];
    if (entries === undefined) continue;
    const ids = entries.map((entry, index) => idOf(role([field, index], entry, stored[field])));
    resolved[field] = [...new Set(ids.filter((id): id is string => id !== undefined))];
  }
  for (const field of ['verificationRoleId', 'unverifiedRoleId'] as const) {
    const entry = changes[field];
    if (entry === undefined) continue;
    resolved[field] = entry === '' ? '' : (idOf(role([field], entry, [stored[field]])) ?? '');
  }
  for (const field of ['logChannel', 'moderationLogChannel', 'sessionsChannel', 'verificationChannelId'] as const) {
    const entry = changes[field];
    if (entry === undefined) continue;
    if (entry === '' || entry === stored[field]) {
      resolved[field] = entry;
      continue;
    }
    const name = entry.replace(/^#/, '');
    const byId = channels.find((channel) => channel.id === entry);
    const found = byId
      ? [byId]
      : channels.filter((channel) => SENDABLE.includes(channel.type) && same(channel.name, name));
    if (found.length !== 1) {
      issues.push({
        path: [field],
        message: found.length
          ? `${found.length} text channels are named "${entry}"; choose one of them by id`
          : `No text channel named "${entry}" in this server${hint}`,
      });
    } else if (!SENDABLE.includes(found[0]!.type)) {
      issues.push({
        path: [field],
        message: `#${found[0]!.name} is a ${found[0]!.type} channel; the bot posts in a text channel`,
      });
    } else {
      resolved[field] = found[0]!.id;
    }
  }
  if (changes.rankBinds !== undefined) resolved.rankBinds = resolveBinds(changes, stored, role, issues);

  if (issues.length) throw new Invalid('SERVERS.INVALID_REFERENCE', issues[0]!.message, issues);
  return resolved;
}

function resolveBinds(
  changes: ServerConfigChanges,
  stored: ServerConfig,
  role: (path: (string | number)[], entry: string, kept: readonly string[]) => GuildRole | string | undefined,
  issues: InvalidIssue[],
): RankBind[] {
  const binds: RankBind[] = [];
  const seen = new Set<number>();
  (changes.rankBinds ?? []).forEach((bind, index) => {
    if (seen.has(bind.rankId)) {
      issues.push({
        path: ['rankBinds', index, 'rankId'],
        message: `Rank ${bind.rankId} is bound twice; a rank gives one role`,
      });
      return;
    }
    seen.add(bind.rankId);
    const already = stored.rankBinds.some((old) => old.rankId === bind.rankId && old.roleId === bind.roleId);
    const chosen = role(['rankBinds', index, 'roleId'], bind.roleId, already ? [bind.roleId] : []);
    if (chosen === undefined) return;
    if (typeof chosen !== 'string') {
      if (chosen.managed) {
        issues.push({
          path: ['rankBinds', index, 'roleId'],
          message: `"${chosen.name}" is managed by an integration; no bot can give it`,
        });
        return;
      }
      const elevated = elevatedPermissions(chosen);
      if (elevated.length && !changes.allowElevated) {
        issues.push({
          path: ['rankBinds', index, 'roleId'],
          message: `"${chosen.name}" has ${elevated.map((permission) => permissionLabel[permission]).join(', ')}: binding it to rank ${bind.rankId} lets whoever holds that Roblox rank use them. Confirm with allowElevated: true to bind it anyway`,
        });
        return;
      }
    }
    binds.push({ rankId: bind.rankId, roleId: typeof chosen === 'string' ? chosen : chosen.id });
  });
  return binds.sort((a, b) => a.rankId - b.rankId);
}
