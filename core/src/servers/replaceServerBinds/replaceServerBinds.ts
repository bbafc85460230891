import { Invalid, type InvalidIssue } from '../../shared/errors.ts';
import { permissionLabel } from '../../discord/authority.ts';
import type { Bind } from '../../discord/binds.ts';
import type { GuildSnapshot } from '../../discord/botPorts.ts';
import { elevatedPermissions } from '../../discord/guildDirectory.ts';
import { serverBinds, type RankBind, type ServerConfig } from '../../discord/serverConfigs.ts';
import {
  syncIfRoleSettingsChanged,
  type TriggerServerSync,
} from '../../discord/triggerServerSync/triggerServerSync.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { ServerConfigDeps } from '../serverConfigView.ts';
import { countTouchedMembers, type TouchedMembersDeps } from './touchedMembers.ts';

export type BindChange = Omit<Bind, 'id'> & { id?: string | undefined };

type ReplaceDeps = ServerConfigDeps & TouchedMembersDeps & { serverSync: Pick<TriggerServerSync, 'execute'> };

/** What a bind asks of a member, as text: the same bind saved again keeps its id. */
const criteriaOf = (bind: BindChange) =>
  [bind.kind, bind.groupId, bind.rankId, bind.minRank, bind.maxRank, bind.assetId].map((part) => part ?? '').join(':');

/**
 * PUT /api/discord/servers/{id}/binds (issue 35): replaces every bind of a server the customer manages. Each role
 * must be one of the server's (when the bot has reported them), none managed by an integration, and a role with
 * Administrator, Manage Server, Manage Roles, Kick, Ban or Moderate Members needs `allowElevated` unless it was bound
 * already. The bound group's single-role rank binds stay the configuration's `rankBinds`, so the Configure dialog
 * keeps showing them; the rest are `binds`. A change starts a server-wide sync, like any role setting. A dry run
 * saves nothing and counts the linked members whose roles or nickname the change would alter.
 */
export class ReplaceServerBinds {
  readonly #deps: ReplaceDeps;
  constructor(deps: ReplaceDeps) {
    this.#deps = deps;
  }

  async execute(
    customerId: number | undefined,
    guildId: string,
    changes: { binds: BindChange[]; allowElevated?: boolean | undefined },
    options: { dryRun?: boolean } = {},
  ): Promise<{ binds: Bind[]; touched?: number }> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    const managed = await this.#deps.guilds.requireManagedForWrite(customer.id, guildId);
    const [stored, guild] = await Promise.all([this.#deps.configs.get(guildId), this.#deps.directory.read(guildId)]);
    checkRoles(changes, stored, guild);
    const replaced = storedForm(changes.binds, stored.boundGroupId);
    if (options.dryRun) {
      const after = { ...stored, ...replaced };
      return {
        binds: serverBinds(after),
        touched: guild ? await countTouchedMembers(this.#deps, guild, stored, after) : 0,
      };
    }
    const saved = await this.#deps.configs.save(guildId, replaced, managed.name);
    await syncIfRoleSettingsChanged(this.#deps.serverSync, guildId, stored, saved);
    return { binds: serverBinds(saved) };
  }
}

/**
 * The binds as stored: the bound group's single-role rank binds as the configuration's `rankBinds` (the Configure
 * dialog edits those), the rest as `binds`, each with an id that stays while the bind does.
 */
function storedForm(changes: BindChange[], boundGroupId: string): Pick<ServerConfig, 'binds' | 'rankBinds'> {
  const rankBinds: RankBind[] = [];
  const binds: Bind[] = [];
  const used = new Set<string>();
  for (const bind of changes) {
    const single = bind.roleIds.length === 1 && !bind.nickname;
    if (bind.kind === 'rank' && bind.groupId === boundGroupId && single && bind.rankId !== undefined) {
      if (!rankBinds.some((kept) => kept.rankId === bind.rankId))
        rankBinds.push({ rankId: bind.rankId, roleId: bind.roleIds[0]! });
      continue;
    }
    let id = bind.id && !used.has(bind.id) ? bind.id : criteriaOf(bind);
    for (let copy = 2; used.has(id); copy += 1) id = `${criteriaOf(bind)}:${copy}`;
    used.add(id);
    binds.push({ ...bind, id, roleIds: [...new Set(bind.roleIds)] });
  }
  return { binds, rankBinds: rankBinds.sort((a, b) => a.rankId - b.rankId) };
}

function checkRoles(
  changes: { binds: BindChange[]; allowElevated?: boolean | undefined },
  stored: ServerConfig,
  guild: GuildSnapshot | null,
): void {
  if (!guild) return;
  const boundBefore = new Set(serverBinds(stored).flatMap((bind) => bind.roleIds));
  const issues: InvalidIssue[] = [];
  changes.binds.forEach((bind, index) =>
    bind.roleIds.forEach((roleId, at) => {
      const path = ['binds', index, 'roleIds', at];
      const role = guild.roles.find((candidate) => candidate.id === roleId);
      if (!role) return issues.push({ path, message: `The server has no role ${roleId}` });
      if (role.managed)
        return issues.push({ path, message: `"${role.name}" is managed by an integration; no bot can give it` });
      // Either would undo itself: the unverified role is taken from whoever meets a bind, and no sync touches a
      // member holding a bypass role.
      if (role.id === stored.unverifiedRoleId)
        return issues.push({ path, message: `"${role.name}" is the Unverified role; members who meet a bind lose it` });
      if (stored.bypassRoleIds.includes(role.id))
        return issues.push({ path, message: `"${role.name}" is a bypass role; no sync gives or takes it` });
      const elevated = elevatedPermissions(role);
      if (elevated.length && !changes.allowElevated && !boundBefore.has(role.id))
        issues.push({
          path,
          message: `"${role.name}" has ${elevated.map((permission) => permissionLabel[permission]).join(', ')}: whoever meets this bind could use them. Confirm with allowElevated: true to bind it anyway`,
        });
    }),
  );
  if (issues.length) throw new Invalid('SERVERS.INVALID_REFERENCE', issues[0]!.message, issues);
}
