import type { BotActivityLog, CommandCaller, DiscordGuilds } from '../botPorts.ts';
import type { ServerConfigs } from '../serverConfigs.ts';
import { isServerAdmin } from '../authority.ts';
import { syncIfRoleSettingsChanged, type TriggerServerSync } from '../triggerServerSync/triggerServerSync.ts';

/** /bind-group group_id: binds a Roblox group to the server, the same setting the dashboard edits. */
export class BindGroup {
  readonly #configs: ServerConfigs;
  readonly #discord: DiscordGuilds;
  readonly #activities: BotActivityLog;
  readonly #serverSync: Pick<TriggerServerSync, 'execute'>;

  constructor(deps: {
    configs: ServerConfigs;
    discord: DiscordGuilds;
    activities: BotActivityLog;
    /** A new binding changes everyone's rank role: the server-wide sync starts (issue 27). */
    serverSync: Pick<TriggerServerSync, 'execute'>;
  }) {
    this.#configs = deps.configs;
    this.#discord = deps.discord;
    this.#activities = deps.activities;
    this.#serverSync = deps.serverSync;
  }

  async execute(request: { guildId: string; caller: CommandCaller; groupId: string }): Promise<string> {
    const [config, guild] = await Promise.all([
      this.#configs.get(request.guildId),
      this.#discord.guild(request.guildId),
    ]);
    if (!guild) return 'GroupFlow is not in this server any more.';
    if (!isServerAdmin(request.caller, guild, config)) {
      return 'You need an admin role of this server or the Manage Server permission to bind a group.';
    }
    if (!config.groupBindingEnabled)
      return 'Group binding is turned off for this server. An admin can turn it on in the GroupFlow dashboard.';
    const groupId = request.groupId.trim();
    // The spec's message for a group id that is not all digits (spec 1 section 5).
    if (!/^\d+$/.test(groupId)) return 'Invalid group ID format';
    // Rank binds name rank numbers of the bound group; another group's ranks mean other people.
    const changed = groupId !== config.boundGroupId;
    const saved = await this.#configs.save(
      request.guildId,
      changed ? { boundGroupId: groupId, rankBinds: [] } : { boundGroupId: groupId },
      guild.name,
    );
    await syncIfRoleSettingsChanged(this.#serverSync, request.guildId, config, saved);
    await this.#activities.record({
      type: 'group_bound',
      description: `Roblox group ${groupId} bound to ${guild.name} by ${request.caller.username}`,
      metadata: { guildId: request.guildId, groupId, by: request.caller.id },
    });
    const binds = changed && config.rankBinds.length ? ' The rank binds of the previous group were removed.' : '';
    return `This server is now bound to Roblox group ${groupId}.${binds} Bind its ranks to roles in Configure Server on the GroupFlow dashboard; every verified member then gets the role of their rank, with progress shown there.`;
  }
}
