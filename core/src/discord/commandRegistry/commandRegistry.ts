import type { CommandRequest, DiscordGuilds, DiscordPermission } from '../botPorts.ts';
import type { ServerConfigs } from '../serverConfigs.ts';
import { isServerAdmin } from '../authority.ts';
import type { Announce } from '../announce/announce.ts';
import type { BindGroup } from '../bindGroup/bindGroup.ts';
import { MAX_TIMEOUT_MINUTES, type ModerateMember, type ModerationAction } from '../moderateMember/moderateMember.ts';
import type { SyncMemberRoles } from '../syncMemberRoles/syncMemberRoles.ts';
import { describeSync } from './describeSync.ts';
import { describeBinds } from './describeBinds.ts';

/** One option of a slash command, in the terms Discord's command definitions use. */
export type CommandOptionSpec = { name: string; description: string; required: boolean } & (
  | { type: 'user' }
  | { type: 'string'; maxLength?: number }
  | { type: 'integer'; minValue?: number; maxValue?: number }
  | { type: 'channel'; channelKinds: readonly ('text' | 'announcement')[] }
);

/** The use cases a command runs; the bot's composition root supplies them. */
export interface CommandServices {
  sync: SyncMemberRoles;
  moderate: ModerateMember;
  bindGroup: BindGroup;
  announce: Announce;
  configs: ServerConfigs;
  discord: DiscordGuilds;
  /** `{PUBLIC_URL}/verify`. */
  linkUrl: string;
}

export interface CommandContext {
  guildId: string;
  request: CommandRequest;
  services: CommandServices;
}

/**
 * A slash command: what Discord shows (name, description, options, and `permission`, the default member
 * permission that hides the command from others in Discord's UI) and what it does. `execute` checks rights itself:
 * server owners can override who sees a command, and GroupFlow's moderator and admin roles widen the set.
 */
export interface SlashCommand {
  name: string;
  description: string;
  options: readonly CommandOptionSpec[];
  permission: DiscordPermission | null;
  /** Answers the caller with this text. */
  execute(context: CommandContext): Promise<string>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const userOption = (value: unknown) =>
  typeof value === 'object' && value !== null && 'userId' in value ? (value as { userId: string }).userId : null;

const memberOption = (description: string, required = true): CommandOptionSpec => ({
  type: 'user',
  name: 'member',
  description,
  required,
});
const reasonOption: CommandOptionSpec = {
  type: 'string',
  name: 'reason',
  description: 'Why (shown in the moderation log)',
  required: false,
  maxLength: 400,
};

function moderation(
  action: ModerationAction,
  description: string,
  target: string,
  permission: DiscordPermission,
  extra: readonly CommandOptionSpec[] = [],
): SlashCommand {
  return {
    name: action,
    description,
    options: [memberOption(target), ...extra, reasonOption],
    permission,
    async execute({ guildId, request: { caller, options }, services }) {
      const targetUserId = userOption(options.member);
      if (!targetUserId) return 'Name the member to act on.';
      return services.moderate.execute({
        action,
        guildId,
        caller,
        targetUserId,
        reason: text(options.reason),
        ...(typeof options.minutes === 'number' ? { minutes: options.minutes } : {}),
      });
    },
  };
}

async function updateMember({ guildId, request, services }: CommandContext): Promise<string> {
  const targetId = userOption(request.options.member);
  if (!targetId || targetId === request.caller.id) {
    return describeSync(
      await services.sync.execute({ guildId, discordUserId: request.caller.id }),
      services.linkUrl,
      'you',
    );
  }
  const [config, guild, target] = await Promise.all([
    services.configs.get(guildId),
    services.discord.guild(guildId),
    services.discord.member(guildId, targetId),
  ]);
  if (!guild || !isServerAdmin(request.caller, guild, config)) {
    return 'Only admins of this server (an admin role or Manage Server) can update another member.';
  }
  return describeSync(
    await services.sync.execute({ guildId, discordUserId: targetId }),
    services.linkUrl,
    target?.username ?? `<@${targetId}>`,
  );
}

/**
 * Every GroupFlow slash command, in the order Discord lists them. The discord.js adapter builds Discord's
 * definitions from these entries (`npm run bot:deploy-commands` registers them) and HandleCommand routes by name,
 * so a command cannot be registered without a handler or handled without being registered.
 */
export const SLASH_COMMANDS = [
  {
    name: 'verify',
    description: 'Link your Roblox account and get the roles of your group rank',
    options: [],
    permission: null,
    execute: async ({ guildId, request, services }) =>
      describeSync(await services.sync.execute({ guildId, discordUserId: request.caller.id }), services.linkUrl, 'you'),
  },
  {
    name: 'update',
    description: 'Refresh roles and nickname from Roblox',
    options: [memberOption('Admins: the member to update (default: you)', false)],
    permission: null,
    execute: updateMember,
  },
  {
    name: 'binds',
    description: "List this server's role binds and who may verify",
    options: [],
    permission: 'ManageGuild',
    async execute({ guildId, request, services }) {
      const [config, guild] = await Promise.all([services.configs.get(guildId), services.discord.guild(guildId)]);
      // The binds say which roles are worth having: shown to the server's admins only, as in the dashboard.
      if (!guild || !isServerAdmin(request.caller, guild, config)) {
        return 'Only admins of this server (an admin role or Manage Server) can list its binds.';
      }
      return describeBinds(config, guild);
    },
  },
  {
    name: 'bind-group',
    description: 'Bind a Roblox group to this server',
    options: [{ type: 'string', name: 'group_id', description: 'The Roblox group id (digits)', required: true }],
    permission: 'ManageGuild',
    execute: ({ guildId, request, services }) =>
      services.bindGroup.execute({ guildId, caller: request.caller, groupId: text(request.options.group_id) }),
  },
  moderation('warn', 'Warn a member', 'The member to warn', 'ModerateMembers'),
  moderation('kick', 'Kick a member', 'The member to kick', 'KickMembers'),
  moderation('ban', 'Ban a member', 'The member to ban', 'BanMembers'),
  moderation('mute', 'Time a member out', 'The member to mute', 'ModerateMembers', [
    {
      type: 'integer',
      name: 'minutes',
      description: 'How long, in minutes',
      required: true,
      minValue: 1,
      maxValue: MAX_TIMEOUT_MINUTES,
    },
  ]),
  {
    name: 'announce',
    description: 'Post an announcement',
    options: [
      {
        type: 'channel',
        name: 'channel',
        description: 'Where to post',
        required: true,
        channelKinds: ['text', 'announcement'],
      },
      { type: 'string', name: 'message', description: 'The announcement', required: true, maxLength: 2000 },
    ],
    permission: 'ManageGuild',
    execute: ({ guildId, request, services }) =>
      services.announce.execute({
        guildId,
        caller: request.caller,
        channel: text(request.options.channel),
        message: text(request.options.message),
      }),
  },
] as const satisfies readonly SlashCommand[];

export type CommandName = (typeof SLASH_COMMANDS)[number]['name'];

const BY_NAME: ReadonlyMap<string, SlashCommand> = new Map(SLASH_COMMANDS.map((command) => [command.name, command]));

/** The registry's command of that name, if any. */
export function findCommand(name: string): SlashCommand | undefined {
  return BY_NAME.get(name);
}
