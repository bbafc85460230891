import { Invalid, type InvalidIssue } from '../../shared/errors.ts';
import { permissionLabel } from '../../discord/authority.ts';
import type { Bind } from '../../discord/binds.ts';
import type { GuildSnapshot } from '../../discord/botPorts.ts';
import { elevatedPermissions } from '../../discord/guildDirectory.ts';
import { roleSettingsChanged } from '../../discord/serverSyncRuns.ts';
import { serverBinds, type RankBind, type ServerConfig } from '../../discord/serverConfigs.ts';
import type { TriggerServerSync } from '../../discord/triggerServerSync/triggerServerSync.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { ServerConfigDeps } from '../serverConfigView.ts';

export type BindChange = Omit<Bind, 'id'> & { id?: string | undefined };

type ReplaceDeps = ServerConfigDeps & { serverSync: Pick<TriggerServerSync, 'execute'> };

/** What a bind asks of a member, as text: the same bind saved again keeps its id. */
const criteriaOf = (bind: BindChange) =>
  [bind.kind, bind.groupId, bind.rankId, bind.minRank, bind.maxRank, bind.assetId].map((part) => part ?? '').join(':');

/**
 * PUT /api/discord/servers/{id}/binds (issue 35): replaces every bind of a server the customer manages. Each role
 * must be one of the server's (when the bot has reported them), none managed by an integration, and a role with
 * Administrator, Manage Server, Manage Roles, Kick, Ban or Moderate Members needs `allowElevated` unless it was bound
 * already. The bound group's single-role rank binds stay the configuration's `rankBinds`, so the Configure dialog
 * keeps showing them; the rest are `binds`. A change starts a server-wide sync, like any role setting.
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
  ): Promise<{ binds: Bind[] }> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    const managed = await this.#deps.guilds.requireManagedForWrite(customer.id, guildId);
    const [stored, guild] = await Promise.all([this.#deps.configs.get(guildId), this.#deps.directory.read(guildId)]);
    checkRoles(changes, stored, guild);

    const rankBinds: RankBind[] = [];
    const binds: Bind[] = [];
    const used = new Set<string>();
    for (const bind of changes.binds) {
      const single = bind.roleIds.length === 1 && !bind.nickname;
      if (bind.kind === 'rank' && bind.groupId === stored.boundGroupId && single && bind.rankId !== undefined) {
        if (!rankBinds.some((kept) => kept.rankId === bind.rankId))
          rankBinds.push({ rankId: bind.rankId, roleId: bind.roleIds[0]! });
        continue;
      }
      let id = bind.id && !used.has(bind.id) ? bind.id : criteriaOf(bind);
      for (let copy = 2; used.has(id); copy += 1) id = `${criteriaOf(bind)}:${copy}`;
      used.add(id);
      binds.push({ ...bind, id, roleIds: [...new Set(bind.roleIds)] });
    }
    const saved = await this.#deps.configs.save(
      guildId,
      { binds, rankBinds: rankBinds.sort((a, b) => a.rankId - b.rankId) },
      managed.name,
    );
    if (roleSettingsChanged(stored, saved) && saved.verificationEnabled) await this.#deps.serverSync.execute(guildId);
    return { binds: serverBinds(saved) };
  }
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
