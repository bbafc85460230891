import { DiscordRefused, type Announcements, type CommandCaller, type DiscordGuilds } from '../botPorts.ts';
import type { ServerConfigs } from '../serverConfigs.ts';
import { botHas, findChannel, isServerAdmin } from '../authority.ts';

/** Announcement titles are stored in a column of this size (spec 3 announcements, title max 255). */
const TITLE_MAX_LENGTH = 255;

/** /announce channel message: posts the message (admins only) and stores it in announcements. */
export class Announce {
  readonly #configs: ServerConfigs;
  readonly #discord: DiscordGuilds;
  readonly #announcements: Announcements;

  constructor(deps: { configs: ServerConfigs; discord: DiscordGuilds; announcements: Announcements }) {
    this.#configs = deps.configs;
    this.#discord = deps.discord;
    this.#announcements = deps.announcements;
  }

  async execute(request: {
    guildId: string;
    caller: CommandCaller;
    channel: string;
    message: string;
  }): Promise<string> {
    const [config, guild] = await Promise.all([
      this.#configs.get(request.guildId),
      this.#discord.guild(request.guildId),
    ]);
    if (!guild) return 'GroupFlow is not in this server any more.';
    if (!isServerAdmin(request.caller, guild, config)) {
      return 'You need an admin role of this server or the Manage Server permission to post announcements.';
    }
    const message = request.message.trim();
    if (!message) return 'The announcement is empty.';
    const channel = findChannel(guild, request.channel);
    if (!channel) return 'That channel is not in this server.';
    if (!botHas(guild, 'SendMessages')) return 'I need the Send Messages permission to post announcements.';
    try {
      await this.#discord.sendMessage(channel.id, message);
    } catch (error) {
      if (error instanceof DiscordRefused)
        return `Discord refused to let me post in #${channel.name}: give the GroupFlow role the Send Messages permission there.`;
      throw error;
    }
    await this.#announcements.create({
      title: `Announcement in ${guild.name} #${channel.name}`.slice(0, TITLE_MAX_LENGTH),
      message,
      createdBy: request.caller.username,
    });
    return `Announcement posted in #${channel.name}.`;
  }
}
