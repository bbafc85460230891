import {
  ApplicationCommandOptionType,
  Client,
  Events,
  GatewayIntentBits,
  GuildMember,
  MessageFlags,
  type ChatInputCommandInteraction,
  type Interaction,
} from 'discord.js';
import type { Logger } from 'pino';
import type { BotState, CommandOption, CommandRequest, HandleCommand, InteractionReplies, MemberJoined } from '@groupflow/core';
import { slashCommands } from './commands.ts';
import { toPermissions } from './DiscordJsGuilds.ts';

export interface DiscordClientSettings {
  /** `{DISCORD_BASE_URL}/api`; discord.js appends /v10 and asks `/gateway/bot` for the gateway address. */
  restApi: string;
  /** This process's shards and the total; undefined: all shards of a single-shard bot. */
  shards?: { ids: number[]; count: number };
  /** How long `ready` waits for the guilds of READY to arrive. */
  waitGuildTimeoutMs: number;
}

/** A discord.js client for GroupFlow's gateway intents; member joins need the privileged GuildMembers intent. */
export function createDiscordClient(settings: DiscordClientSettings): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers],
    rest: { api: settings.restApi },
    waitGuildTimeout: settings.waitGuildTimeoutMs,
    ...(settings.shards ? { shards: settings.shards.ids, shardCount: settings.shards.count } : {}),
  });
}

/** The discord.js side of an interaction, answered through the transport-neutral port. */
class DiscordJsReplies implements InteractionReplies {
  readonly #interaction: ChatInputCommandInteraction;
  constructor(interaction: ChatInputCommandInteraction) {
    this.#interaction = interaction;
  }
  async defer({ ephemeral }: { ephemeral: boolean }) {
    await this.#interaction.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
  }
  async reply(content: string, { ephemeral }: { ephemeral: boolean }) {
    await this.#interaction.reply({ content, allowedMentions: { parse: [] }, ...(ephemeral ? { flags: MessageFlags.Ephemeral } : {}) });
  }
  async edit(content: string) {
    await this.#interaction.editReply({ content, allowedMentions: { parse: [] } });
  }
}

export function toCommandRequest(interaction: ChatInputCommandInteraction): CommandRequest {
  const options: Record<string, CommandOption> = {};
  for (const option of interaction.options.data) {
    if (option.value === undefined) continue;
    options[option.name] = option.type === ApplicationCommandOptionType.User ? { userId: String(option.value) } : option.value;
  }
  const member = interaction.member;
  const roleIds =
    member instanceof GuildMember ? member.roles.cache.filter((role) => role.id !== interaction.guildId).map((role) => role.id) : (member?.roles ?? []);
  return {
    commandName: interaction.commandName,
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    caller: {
      id: interaction.user.id,
      username: interaction.user.username,
      globalName: interaction.user.globalName,
      roleIds: [...roleIds],
      permissions: toPermissions(interaction.memberPermissions?.toArray() ?? []),
    },
    options,
  };
}

export interface BotRuntime {
  handleCommand: HandleCommand;
  memberJoined: MemberJoined;
  state: BotState;
  /** Runs database work in its own unit of work (the ORM's request context). */
  scoped<T>(work: () => Promise<T>): Promise<T>;
  logger: Logger;
  heartbeatMs: number;
}

/**
 * The gateway side of the bot: logs in, registers the global slash commands, feeds interactions and member joins
 * to the use cases, and keeps its state (online, guilds, heartbeat) in the database for the API to read.
 */
export class DiscordJsBot {
  readonly #client: Client;
  readonly #runtime: BotRuntime;
  #heartbeat: NodeJS.Timeout | undefined;
  /** Member counts moved since the last report; sent with the next heartbeat rather than one write per join. */
  #countsChanged = false;

  constructor(client: Client, runtime: BotRuntime) {
    this.#client = client;
    this.#runtime = runtime;
  }

  async start(token: string): Promise<void> {
    const { logger } = this.#runtime;
    this.#client.on(Events.InteractionCreate, (interaction) => void this.#onInteraction(interaction));
    this.#client.on(Events.GuildMemberAdd, (member) => void this.#onMemberAdd(member));
    this.#client.on(Events.GuildMemberRemove, () => (this.#countsChanged = true));
    for (const event of [Events.GuildCreate, Events.GuildDelete, Events.GuildUpdate] as const) {
      this.#client.on(event, () => void this.#reportGuilds());
    }
    this.#client.on(Events.ShardDisconnect, (_event, shard) => logger.warn({ shard }, 'gateway shard disconnected'));
    this.#client.on(Events.Error, (error) => logger.error({ err: error }, 'discord client error'));
    const ready = new Promise<void>((resolve) => this.#client.once(Events.ClientReady, () => resolve()));
    await this.#client.login(token);
    await ready;
    await this.#client.application!.commands.set(slashCommands());
    await this.#reportGuilds();
    this.#heartbeat = setInterval(() => void this.#beat(), this.#runtime.heartbeatMs);
    logger.info({ guilds: this.#client.guilds.cache.size, user: this.#client.user?.username }, 'bot online');
  }

  async stop(): Promise<void> {
    clearInterval(this.#heartbeat);
    await this.#runtime.scoped(() => this.#runtime.state.reportOffline()).catch((error: unknown) => {
      this.#runtime.logger.warn({ err: error }, 'could not record the bot as offline');
    });
    await this.#client.destroy();
  }

  async #beat() {
    if (this.#countsChanged) return this.#reportGuilds();
    await this.#runtime.scoped(() => this.#runtime.state.heartbeat()).catch((error: unknown) => {
      this.#runtime.logger.warn({ err: error }, 'bot heartbeat not recorded');
    });
  }

  async #reportGuilds() {
    if (!this.#client.isReady()) return;
    this.#countsChanged = false;
    const guilds = this.#client.guilds.cache.map((guild) => ({ id: guild.id, name: guild.name, memberCount: guild.memberCount }));
    await this.#runtime.scoped(() => this.#runtime.state.reportOnline(guilds)).catch((error: unknown) => {
      this.#runtime.logger.warn({ err: error }, 'bot state not recorded');
    });
  }

  async #onInteraction(interaction: Interaction) {
    if (!interaction.isChatInputCommand()) return;
    const request = toCommandRequest(interaction);
    try {
      await this.#runtime.scoped(() => this.#runtime.handleCommand.execute(request, new DiscordJsReplies(interaction)));
    } catch (error) {
      this.#runtime.logger.error({ err: error, command: request.commandName, guildId: request.guildId }, 'slash command failed');
    }
  }

  async #onMemberAdd(member: GuildMember) {
    try {
      await this.#runtime.scoped(() =>
        this.#runtime.memberJoined.execute({ guildId: member.guild.id, discordUserId: member.id, isBot: member.user.bot }),
      );
    } catch (error) {
      this.#runtime.logger.error({ err: error, guildId: member.guild.id }, 'member join not handled');
    }
    this.#countsChanged = true;
  }
}
