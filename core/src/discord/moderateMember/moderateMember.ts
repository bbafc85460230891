import type { Clock } from '../../shared/clock.ts';
import {
  DiscordRefused,
  type BotActivityLog,
  type CommandCaller,
  type DiscordGuilds,
  type DiscordPermission,
} from '../botPorts.ts';
import type { ServerConfigs } from '../serverConfigs.ts';
import { botHas, channelById, highestRolePosition, mayModerate, memberHighest, permissionLabel } from '../authority.ts';

export type ModerationAction = 'warn' | 'kick' | 'ban' | 'mute';

/** Discord caps a timeout at 28 days. */
export const MAX_TIMEOUT_MINUTES = 28 * 24 * 60;

const ACTIONS: Record<
  ModerationAction,
  { permission: DiscordPermission; verb: string; past: string; botNeeds: DiscordPermission | null }
> = {
  warn: { permission: 'ModerateMembers', verb: 'warn', past: 'Warned', botNeeds: null },
  kick: { permission: 'KickMembers', verb: 'kick', past: 'Kicked', botNeeds: 'KickMembers' },
  ban: { permission: 'BanMembers', verb: 'ban', past: 'Banned', botNeeds: 'BanMembers' },
  mute: { permission: 'ModerateMembers', verb: 'mute', past: 'Muted', botNeeds: 'ModerateMembers' },
};

export interface ModerationRequest {
  action: ModerationAction;
  guildId: string;
  caller: CommandCaller;
  targetUserId: string;
  reason: string;
  /** Only for mute. */
  minutes?: number;
}

/**
 * /warn, /kick, /ban and /mute: checks the caller's authority and the bot's own permissions and standing first,
 * acts, posts to the moderation log channel and records an activity. Answers with the text to show the caller;
 * a refusal is an explanation, never silence.
 */
export class ModerateMember {
  readonly #configs: ServerConfigs;
  readonly #discord: DiscordGuilds;
  readonly #activities: BotActivityLog;
  readonly #clock: Clock;

  constructor(deps: { configs: ServerConfigs; discord: DiscordGuilds; activities: BotActivityLog; clock: Clock }) {
    this.#configs = deps.configs;
    this.#discord = deps.discord;
    this.#activities = deps.activities;
    this.#clock = deps.clock;
  }

  async execute(request: ModerationRequest): Promise<string> {
    const rule = ACTIONS[request.action];
    const [config, guild, target] = await Promise.all([
      this.#configs.get(request.guildId),
      this.#discord.guild(request.guildId),
      this.#discord.member(request.guildId, request.targetUserId),
    ]);
    if (!guild) return 'GroupFlow is not in this server any more.';
    if (!config.moderationEnabled)
      return 'Moderation is turned off for this server. An admin can turn it on in the GroupFlow dashboard.';
    if (!mayModerate(request.caller, guild, config, rule.permission)) {
      return `You need a moderator or admin role of this server, or the ${permissionLabel[rule.permission]} permission, to use /${request.action}.`;
    }
    if (rule.botNeeds && !botHas(guild, rule.botNeeds)) {
      return `I need the ${permissionLabel[rule.botNeeds]} permission to ${rule.verb} members. Ask an admin to give it to the GroupFlow role.`;
    }
    if (request.targetUserId === request.caller.id) return `You cannot ${rule.verb} yourself.`;
    if (!target && request.action !== 'ban') return 'That user is not a member of this server.';
    const name = target?.username ?? `<@${request.targetUserId}>`;
    if (target) {
      if (target.id === guild.ownerId) return `The server owner cannot be ${rule.past.toLowerCase()}.`;
      const targetTop = memberHighest(guild, target);
      if (request.action !== 'warn' && targetTop >= guild.botHighestPosition) {
        return `I cannot ${rule.verb} ${name}: their highest role is at or above mine. Move the GroupFlow role above it in Server Settings → Roles.`;
      }
      if (request.caller.id !== guild.ownerId && targetTop >= highestRolePosition(guild, request.caller.roleIds)) {
        return `You cannot ${rule.verb} ${name}: their highest role is at or above yours.`;
      }
    }
    const minutes = request.minutes ?? 0;
    if (request.action === 'mute' && (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_TIMEOUT_MINUTES)) {
      return `Mute for 1 to ${MAX_TIMEOUT_MINUTES} minutes (Discord's limit is 28 days).`;
    }

    const reason = request.reason.trim() || 'No reason given';
    const auditReason = `${reason} (by ${request.caller.username})`;
    try {
      if (request.action === 'kick') await this.#discord.kick(request.guildId, request.targetUserId, auditReason);
      if (request.action === 'ban') await this.#discord.ban(request.guildId, request.targetUserId, auditReason);
      if (request.action === 'mute') {
        const until = new Date(this.#clock.now().getTime() + minutes * 60_000);
        await this.#discord.timeout(request.guildId, request.targetUserId, until, auditReason);
      }
    } catch (error) {
      if (error instanceof DiscordRefused) {
        return `Discord refused to let me ${rule.verb} ${name}: check that the GroupFlow role has the ${permissionLabel[rule.botNeeds ?? rule.permission]} permission and sits above their highest role.`;
      }
      throw error;
    }

    const duration = request.action === 'mute' ? ` for ${minutes} minute${minutes === 1 ? '' : 's'}` : '';
    const summary = `${rule.past} ${name}${duration}. Reason: ${reason}`;
    const notes: string[] = [];
    const logChannel = channelById(guild, config.moderationLogChannel);
    if (config.moderationLogChannel && !logChannel)
      notes.push(
        'The moderation log channel no longer exists in this server: choose another in Configure Server on the GroupFlow dashboard.',
      );
    if (logChannel) {
      try {
        await this.#discord.sendMessage(
          logChannel.id,
          `**${rule.past}** <@${request.targetUserId}> (${name})${duration} by <@${request.caller.id}>. Reason: ${reason}`,
        );
      } catch (error) {
        if (!(error instanceof DiscordRefused)) throw error;
        notes.push(
          `I could not post to #${logChannel.name}: give the GroupFlow role the Send Messages permission there.`,
        );
      }
    }
    await this.#activities.record({
      type: `moderation_${request.action}`,
      description: `${summary} (server ${guild.name}, by ${request.caller.username})`,
      metadata: {
        guildId: request.guildId,
        targetUserId: request.targetUserId,
        moderatorId: request.caller.id,
        reason,
        ...(request.action === 'mute' ? { minutes } : {}),
      },
    });
    return [summary, ...notes].join('\n');
  }
}
