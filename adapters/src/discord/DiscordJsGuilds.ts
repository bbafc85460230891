import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  ComponentType,
  DiscordAPIError,
  type Client,
  type Guild,
  type GuildMember as DiscordJsMember,
  type PermissionsString,
} from 'discord.js';
import {
  DiscordRefused,
  type ButtonMessages,
  type ChannelKind,
  type DiscordGuilds,
  type DiscordPermission,
  type GuildMember,
  type GuildMemberPages,
  type GuildSnapshot,
  type MessageButton,
} from '@groupflow/core';

const KNOWN: readonly PermissionsString[] = [
  'Administrator',
  'ManageGuild',
  'ManageRoles',
  'ManageNicknames',
  'KickMembers',
  'BanMembers',
  'ModerateMembers',
  'SendMessages',
] satisfies DiscordPermission[];

/** discord.js permission names, narrowed to those the use cases reason about. */
export function toPermissions(names: PermissionsString[]): DiscordPermission[] {
  return names.filter((name): name is DiscordPermission => KNOWN.includes(name));
}

const CHANNEL_KIND: Partial<Record<ChannelType, ChannelKind>> = {
  [ChannelType.GuildText]: 'text',
  [ChannelType.GuildAnnouncement]: 'announcement',
  [ChannelType.GuildVoice]: 'voice',
  [ChannelType.GuildStageVoice]: 'stage',
  [ChannelType.GuildForum]: 'forum',
  [ChannelType.GuildCategory]: 'category',
};

/** How far back the bot looks for its own button message: Discord's largest page of channel messages. */
const BUTTON_SEARCH_DEPTH = 100;
const UNKNOWN_MEMBER = 10007;
const UNKNOWN_USER = 10013;

/** Discord's 403 becomes the domain's DiscordRefused; a 429 never reaches here (discord.js waits retry-after). */
async function refusing<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof DiscordAPIError && error.status === 403) throw new DiscordRefused(error.message);
    throw error;
  }
}

function toMember(guild: Guild, member: DiscordJsMember): GuildMember {
  return {
    id: member.id,
    username: member.user.username,
    globalName: member.user.globalName,
    nick: member.nickname,
    roleIds: member.roles.cache.filter((role) => role.id !== guild.id).map((role) => role.id),
    bot: member.user.bot,
  };
}

/**
 * DiscordGuilds through a logged-in discord.js client: guild structure from its cache, members from REST. Member
 * edits share one rate-limit bucket per guild, which discord.js's REST queue paces from the X-RateLimit headers and
 * sends in arrival order (issue 27).
 */
export class DiscordJsGuilds implements DiscordGuilds, GuildMemberPages, ButtonMessages {
  readonly #client: Client;

  constructor(client: Client) {
    this.#client = client;
  }

  #guild(guildId: string): Guild | undefined {
    return this.#client.guilds.cache.get(guildId);
  }

  async guild(guildId: string): Promise<GuildSnapshot | null> {
    const guild = this.#guild(guildId);
    const me = guild?.members.me;
    if (!guild || !me) return null;
    return {
      id: guild.id,
      name: guild.name,
      ownerId: guild.ownerId,
      roles: guild.roles.cache.map((role) => ({
        id: role.id,
        name: role.name,
        position: role.position,
        managed: role.managed,
        colour: role.colors.primaryColor,
        permissions: toPermissions(role.permissions.toArray()),
      })),
      channels: guild.channels.cache
        .filter((channel) => !channel.isThread())
        .sort((a, b) => ('rawPosition' in a ? a.rawPosition : 0) - ('rawPosition' in b ? b.rawPosition : 0))
        .map((channel) => ({ id: channel.id, name: channel.name, type: CHANNEL_KIND[channel.type] ?? 'other' })),
      botHighestPosition: me.roles.highest.position,
      botPermissions: toPermissions(me.permissions.toArray()),
    };
  }

  async member(guildId: string, userId: string) {
    const guild = this.#guild(guildId);
    if (!guild) return null;
    try {
      // Forced: roles change outside the bot, and a stale cache would undo someone else's edit.
      return toMember(guild, await guild.members.fetch({ user: userId, force: true }));
    } catch (error) {
      if (error instanceof DiscordAPIError && (error.code === UNKNOWN_MEMBER || error.code === UNKNOWN_USER))
        return null;
      throw error;
    }
  }

  async memberCount(guildId: string) {
    return this.#guild(guildId)?.memberCount ?? 0;
  }

  async page(guildId: string, after: string, limit: number) {
    const guild = this.#require(guildId);
    // Cached, so the gateway's member updates keep these current while the sync works through the page.
    const members = await guild.members.list({ limit, after, cache: true });
    return [...members.values()].map((member) => toMember(guild, member));
  }

  async current(guildId: string, userId: string) {
    const guild = this.#guild(guildId);
    const member = guild?.members.cache.get(userId);
    return guild && member ? toMember(guild, member) : null;
  }

  async editMember(guildId: string, userId: string, change: { roleIds?: string[]; nick?: string | null }) {
    const guild = this.#require(guildId);
    await refusing(() =>
      guild.members.edit(userId, {
        ...(change.roleIds ? { roles: change.roleIds } : {}),
        ...(change.nick !== undefined ? { nick: change.nick } : {}),
        reason: 'GroupFlow role sync',
      }),
    );
  }

  async kick(guildId: string, userId: string, reason: string) {
    await refusing(() => this.#require(guildId).members.kick(userId, reason));
  }

  async ban(guildId: string, userId: string, reason: string) {
    await refusing(() => this.#require(guildId).bans.create(userId, { reason }));
  }

  async timeout(guildId: string, userId: string, until: Date, reason: string) {
    await refusing(() => this.#require(guildId).members.edit(userId, { communicationDisabledUntil: until, reason }));
  }

  async sendMessage(channelId: string, content: string) {
    const channel = await this.#sendable(channelId);
    if (!channel) throw new DiscordRefused(`channel ${channelId} takes no messages`);
    // Mentions in logs and announcements name people without pinging them.
    await refusing(async () => void (await channel.send({ content, allowedMentions: { parse: [] } })));
  }

  async hasButton(channelId: string, customId: string) {
    const channel = await this.#sendable(channelId);
    if (!channel || !('messages' in channel)) return false;
    const recent = await refusing(() => channel.messages.fetch({ limit: BUTTON_SEARCH_DEPTH }));
    return recent.some(
      (message) =>
        message.author.id === this.#client.user?.id &&
        message.components.some(
          (row) =>
            row.type === ComponentType.ActionRow &&
            row.components.some((component) => 'customId' in component && component.customId === customId),
        ),
    );
  }

  async postButton(channelId: string, content: string, button: MessageButton) {
    const channel = await this.#sendable(channelId);
    if (!channel) throw new DiscordRefused(`channel ${channelId} takes no messages`);
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId(button.customId).setLabel(button.label).setStyle(ButtonStyle.Primary),
    );
    await refusing(
      async () => void (await channel.send({ content, components: [row], allowedMentions: { parse: [] } })),
    );
  }

  async #sendable(channelId: string) {
    const channel = this.#client.channels.cache.get(channelId) ?? (await this.#client.channels.fetch(channelId));
    return channel?.isSendable() ? channel : null;
  }

  async guildIds() {
    return [...this.#client.guilds.cache.keys()];
  }

  #require(guildId: string): Guild {
    const guild = this.#guild(guildId);
    if (!guild) throw new DiscordRefused(`GroupFlow is not in guild ${guildId}`);
    return guild;
  }
}
