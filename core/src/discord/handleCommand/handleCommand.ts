import type { Clock } from '../../shared/clock.ts';
import type { CommandRequest, DiscordGuilds, InteractionReplies, LinkedAccounts } from '../botPorts.ts';
import type { BotState } from '../botState.ts';
import type { ServerConfigs } from '../serverConfigs.ts';
import { isServerAdmin } from '../authority.ts';
import type { Announce } from '../announce/announce.ts';
import type { BindGroup } from '../bindGroup/bindGroup.ts';
import type { ModerateMember, ModerationAction } from '../moderateMember/moderateMember.ts';
import type { SyncMemberRoles, SyncOutcome } from '../syncMemberRoles/syncMemberRoles.ts';

export const COMMAND_NAMES = ['verify', 'update', 'bind-group', 'warn', 'kick', 'ban', 'mute', 'announce'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

const MODERATION: readonly string[] = ['warn', 'kick', 'ban', 'mute'] satisfies ModerationAction[];

/** The text a member sees after a sync, naming every change and every change the bot had to leave out. */
export function describeSync(outcome: SyncOutcome, linkUrl: string, who: 'you' | string): string {
  const self = who === 'you';
  switch (outcome.kind) {
    case 'banned':
      return self ? bannedReply(outcome.reason) : `${who}'s GroupFlow account is banned, so I give them no roles.`;
    case 'not-linked':
      return self
        ? `You have not linked a Roblox account yet. Link it here: ${linkUrl} — then run /verify again.`
        : `${who} has not linked a Roblox account yet (${linkUrl}).`;
    case 'not-verified':
      return self
        ? `Your Roblox account is linked but not proven yet. Finish at ${linkUrl}: sign in with Roblox, or put your verification code in your Roblox profile description. Then run /verify again.`
        : `${who} has linked a Roblox account but not proven it yet (${linkUrl}).`;
    case 'verification-off':
      return 'Verification is turned off for this server. An admin can turn it on in the GroupFlow dashboard.';
    case 'not-in-guild':
      return self ? 'You are not a member of this server.' : `${who} is not a member of this server.`;
    case 'member-unmanageable':
    case 'refused':
      return `I could not update ${self ? 'your' : `${who}'s`} roles: ${outcome.reason}.`;
    case 'synced': {
      const lines = [
        `${self ? 'Verified' : `Updated ${who}`} as ${outcome.robloxName}${outcome.rank ? ` (${outcome.rank})` : ''}.`,
      ];
      lines.push(`Roles added: ${outcome.added.join(', ') || 'none'}`);
      lines.push(`Roles removed: ${outcome.removed.join(', ') || 'none'}`);
      lines.push(`Nickname: ${outcome.nickname ?? 'unchanged'}`);
      for (const skip of outcome.skipped) lines.push(`Not changed: ${skip.target}, because ${skip.reason}.`);
      return lines.join('\n');
    }
  }
}

/** The refusal a banned account hears for every command, naming the reason staff gave. */
export function bannedReply(reason: string | null): string {
  return `Your GroupFlow account is banned${reason ? `: ${reason}` : ''}. GroupFlow commands are not available to you. To appeal, open a support ticket on the GroupFlow website.`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const userOption = (value: unknown) =>
  typeof value === 'object' && value !== null && 'userId' in value ? (value as { userId: string }).userId : null;

/**
 * Every slash command enters here, whatever the transport. The interaction is acknowledged first (deferred,
 * ephemeral: every answer is addressed to the caller, public effects go to channels), so a slow database or Roblox
 * never breaks Discord's 3-second rule; the use case's answer then replaces the "thinking" message.
 */
export class HandleCommand {
  readonly #sync: SyncMemberRoles;
  readonly #moderate: ModerateMember;
  readonly #bindGroup: BindGroup;
  readonly #announce: Announce;
  readonly #configs: ServerConfigs;
  readonly #discord: DiscordGuilds;
  readonly #state: BotState;
  readonly #accounts: LinkedAccounts;
  readonly #clock: Clock;
  readonly #linkUrl: string;

  constructor(deps: {
    sync: SyncMemberRoles;
    moderate: ModerateMember;
    bindGroup: BindGroup;
    announce: Announce;
    configs: ServerConfigs;
    discord: DiscordGuilds;
    state: BotState;
    /** Read for the caller's ban, a fact staff set in the database. */
    accounts: LinkedAccounts;
    clock: Clock;
    /** `{PUBLIC_URL}/verify`. */
    linkUrl: string;
  }) {
    this.#sync = deps.sync;
    this.#moderate = deps.moderate;
    this.#bindGroup = deps.bindGroup;
    this.#announce = deps.announce;
    this.#configs = deps.configs;
    this.#discord = deps.discord;
    this.#state = deps.state;
    this.#accounts = deps.accounts;
    this.#clock = deps.clock;
    this.#linkUrl = deps.linkUrl;
  }

  async execute(request: CommandRequest, replies: InteractionReplies): Promise<void> {
    const guildId = request.guildId;
    if (!guildId) {
      await replies.reply('GroupFlow commands work inside a server.', { ephemeral: true });
      return;
    }
    await replies.defer({ ephemeral: true });
    let answer: string;
    try {
      const [result] = await Promise.all([
        this.#route(guildId, request),
        this.#state.countCommandUse(guildId, this.#clock.now()),
      ]);
      answer = result;
    } catch (error) {
      await replies.edit(`Something went wrong while running /${request.commandName}. Please try again in a moment.`);
      throw error;
    }
    await replies.edit(answer);
  }

  async #route(guildId: string, request: CommandRequest): Promise<string> {
    const { caller, options } = request;
    const account = await this.#accounts.byDiscordId(caller.id, guildId);
    if (account?.isBanned) return bannedReply(account.bannedReason);
    if (MODERATION.includes(request.commandName)) {
      const targetUserId = userOption(options.member);
      if (!targetUserId) return 'Name the member to act on.';
      return this.#moderate.execute({
        action: request.commandName as ModerationAction,
        guildId,
        caller,
        targetUserId,
        reason: text(options.reason),
        ...(typeof options.minutes === 'number' ? { minutes: options.minutes } : {}),
      });
    }
    switch (request.commandName as CommandName) {
      case 'verify':
        return describeSync(await this.#sync.execute({ guildId, discordUserId: caller.id }), this.#linkUrl, 'you');
      case 'update':
        return this.#update(guildId, request);
      case 'bind-group':
        return this.#bindGroup.execute({ guildId, caller, groupId: text(options.group_id) });
      case 'announce':
        return this.#announce.execute({
          guildId,
          caller,
          channel: text(options.channel),
          message: text(options.message),
        });
      default:
        return `Unknown command /${request.commandName}.`;
    }
  }

  async #update(guildId: string, request: CommandRequest): Promise<string> {
    const targetId = userOption(request.options.member);
    if (!targetId || targetId === request.caller.id) {
      return describeSync(
        await this.#sync.execute({ guildId, discordUserId: request.caller.id }),
        this.#linkUrl,
        'you',
      );
    }
    const [config, guild, target] = await Promise.all([
      this.#configs.get(guildId),
      this.#discord.guild(guildId),
      this.#discord.member(guildId, targetId),
    ]);
    if (!guild || !isServerAdmin(request.caller, guild, config)) {
      return 'Only admins of this server (an admin role or Manage Server) can update another member.';
    }
    return describeSync(
      await this.#sync.execute({ guildId, discordUserId: targetId }),
      this.#linkUrl,
      target?.username ?? `<@${targetId}>`,
    );
  }
}
