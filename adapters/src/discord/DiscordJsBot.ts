import {
  ApplicationCommandOptionType,
  Client,
  Events,
  GatewayIntentBits,
  GuildMember,
  MessageFlags,
  Partials,
  type ButtonInteraction,
  type Channel,
  type ChatInputCommandInteraction,
  type Guild,
  type Interaction,
} from 'discord.js';
import type { Logger } from 'pino';
import type {
  BotGuild,
  BotState,
  CheckGuildRoles,
  CommandOption,
  CommandRequest,
  HandleCommand,
  InteractionReplies,
  MemberJoined,
  PostVerifyPanel,
} from '@groupflow/core';
import { VERIFY_BUTTON } from '@groupflow/core';
import { registeredCommandDrift } from './deployCommands.ts';
import { toPermissions } from './DiscordJsGuilds.ts';
import { BoundedQueue } from '../concurrency/BoundedQueue.ts';

export interface DiscordClientSettings {
  /** `{DISCORD_BASE_URL}/api`; discord.js appends /v10 and asks `/gateway/bot` for the gateway address. */
  restApi: string;
  /** This process's shards and the total; undefined: all shards of a single-shard bot. */
  shards?: { ids: number[]; count: number };
  /** How long `ready` waits for the guilds of READY to arrive. */
  waitGuildTimeoutMs: number;
  /**
   * Margin discord.js adds to every rate-limit reset before it sends the bucket's next request (its own default is
   * 50 ms, which discord.js 14 adds twice: once reading X-RateLimit-Reset-After, once waiting).
   */
  restOffsetMs?: number;
}

/**
 * A discord.js client for GroupFlow's gateway intents; member joins need the privileged GuildMembers intent, and
 * the deletion of the Verify message (posted before a restart, so not cached) needs GuildMessages with partial
 * messages.
 */
export function createDiscordClient(settings: DiscordClientSettings): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers, GatewayIntentBits.GuildMessages],
    partials: [Partials.Message],
    rest: { api: settings.restApi, ...(settings.restOffsetMs !== undefined ? { offset: settings.restOffsetMs } : {}) },
    waitGuildTimeout: settings.waitGuildTimeoutMs,
    ...(settings.shards ? { shards: settings.shards.ids, shardCount: settings.shards.count } : {}),
  });
}

/** The discord.js side of an interaction, answered through the transport-neutral port. */
class DiscordJsReplies implements InteractionReplies {
  readonly #interaction: ChatInputCommandInteraction | ButtonInteraction;
  constructor(interaction: ChatInputCommandInteraction | ButtonInteraction) {
    this.#interaction = interaction;
  }
  async defer({ ephemeral }: { ephemeral: boolean }) {
    await this.#interaction.deferReply(ephemeral ? { flags: MessageFlags.Ephemeral } : {});
  }
  async reply(content: string, { ephemeral }: { ephemeral: boolean }) {
    await this.#interaction.reply({
      content,
      allowedMentions: { parse: [] },
      ...(ephemeral ? { flags: MessageFlags.Ephemeral } : {}),
    });
  }
  async edit(content: string) {
    await this.#interaction.editReply({ content, allowedMentions: { parse: [] } });
  }
}

export function toCommandRequest(interaction: ChatInputCommandInteraction): CommandRequest {
  const options: Record<string, CommandOption> = {};
  for (const option of interaction.options.data) {
    if (option.value === undefined) continue;
    options[option.name] =
      option.type === ApplicationCommandOptionType.User ? { userId: String(option.value) } : option.value;
  }
  return requestOf(interaction, interaction.commandName, options);
}

/** A press of the Verify button is /verify by whoever pressed it, answered as privately. */
export function verifyButtonRequest(interaction: ButtonInteraction): CommandRequest {
  return requestOf(interaction, 'verify', {});
}

function requestOf(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  commandName: string,
  options: Record<string, CommandOption>,
): CommandRequest {
  const member = interaction.member;
  const roleIds =
    member instanceof GuildMember
      ? member.roles.cache.filter((role) => role.id !== interaction.guildId).map((role) => role.id)
      : (member?.roles ?? []);
  return {
    commandName,
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
  /**
   * At each load of a guild and change of its roles or channels: records them for the API, converts a name-based
   * configuration once, and records what role sync could not reach, for the setup check.
   */
  checkGuildRoles: CheckGuildRoles;
  /** Keeps the Verify message in each server's verification channel: at start, and when a message there goes. */
  verifyPanel: PostVerifyPanel;
  state: BotState;
  /** Runs database work in its own unit of work (the ORM's request context). */
  scoped<T>(work: () => Promise<T>): Promise<T>;
  logger: Logger;
  heartbeatMs: number;
  /** BOT_EVENT_CONCURRENCY: gateway events (member joins) handled at once; the rest wait in arrival order. */
  eventConcurrency: number;
  /** The shards this process runs (BOT_SHARD_IDS); [0] for a single-shard bot. */
  shardIds: number[];
}

const toBotGuild = (guild: Guild): BotGuild => ({
  id: guild.id,
  name: guild.name,
  icon: guild.icon,
  memberCount: guild.memberCount,
  joinedAt: guild.joinedAt,
});

/**
 * The gateway side of the bot: logs in, checks the registered slash commands against the registry (registering them
 * is `npm run bot:deploy-commands`, run once per release), feeds interactions and member joins
 * to the use cases, and keeps its state (each shard online with a heartbeat, its guilds) in the database for the
 * API to read.
 */
export class DiscordJsBot {
  readonly #client: Client;
  readonly #runtime: BotRuntime;
  #heartbeat: NodeJS.Timeout | undefined;
  /** Guilds whose member count moved since the last heartbeat: written then, not once per join. */
  readonly #countsChanged = new Set<string>();
  readonly #events: BoundedQueue;

  constructor(client: Client, runtime: BotRuntime) {
    this.#client = client;
    this.#runtime = runtime;
    this.#events = new BoundedQueue(runtime.eventConcurrency);
  }

  async start(token: string): Promise<void> {
    const { logger } = this.#runtime;
    this.#client.on(Events.InteractionCreate, (interaction) => void this.#onInteraction(interaction));
    this.#client.on(Events.GuildMemberAdd, (member) => void this.#onMemberAdd(member));
    this.#client.on(Events.GuildMemberRemove, (member) => this.#countsChanged.add(member.guild.id));
    // Only the bot's own messages matter; the panel use case looks for its message before posting another.
    this.#client.on(Events.MessageDelete, (message) => {
      if (message.guildId && (message.partial || message.author?.id === this.#client.user?.id))
        void this.#keepVerifyPanel(message.guildId);
    });
    this.#client.on(Events.GuildCreate, (guild) => {
      void this.#record(() => this.#runtime.state.upsertGuild(guild.shardId, toBotGuild(guild)));
      void this.#check(guild.id);
    });
    // The hierarchy moves when a role is created, moved or deleted, or when the bot's own roles change.
    this.#client.on(Events.GuildRoleCreate, (role) => void this.#check(role.guild.id));
    this.#client.on(Events.GuildRoleUpdate, (_old, role) => void this.#check(role.guild.id));
    this.#client.on(Events.GuildRoleDelete, (role) => void this.#check(role.guild.id));
    this.#client.on(Events.GuildMemberUpdate, (_old, member) => {
      if (member.id === this.#client.user?.id) void this.#check(member.guild.id);
    });
    // The API offers the guild's channels from the check's record, so channel changes refresh it too.
    const channelChanged = (channel: Channel) => {
      if (!channel.isDMBased()) void this.#check(channel.guild.id);
    };
    this.#client.on(Events.ChannelCreate, channelChanged);
    this.#client.on(Events.ChannelUpdate, (_old, channel) => channelChanged(channel));
    this.#client.on(Events.ChannelDelete, channelChanged);
    this.#client.on(
      Events.GuildUpdate,
      (_old, guild) => void this.#record(() => this.#runtime.state.upsertGuild(guild.shardId, toBotGuild(guild))),
    );
    this.#client.on(Events.GuildDelete, (guild) => void this.#record(() => this.#runtime.state.removeGuild(guild.id)));
    this.#client.on(Events.ShardDisconnect, (_event, shardId) => {
      logger.warn({ shardId }, 'gateway shard disconnected');
      void this.#record(() => this.#runtime.state.reportOffline(shardId, new Date()));
    });
    this.#client.on(
      Events.ShardResume,
      (shardId) => void this.#record(() => this.#runtime.state.heartbeat(shardId, new Date())),
    );
    this.#client.on(Events.Error, (error) => logger.error({ err: error }, 'discord client error'));
    const ready = new Promise<void>((resolve) => this.#client.once(Events.ClientReady, () => resolve()));
    await this.#client.login(token);
    await ready;
    const user = this.#client.user!;
    await this.#checkCommands(this.#client.application!.id);
    for (const shardId of this.#runtime.shardIds) {
      const guilds = this.#client.guilds.cache.filter((guild) => guild.shardId === shardId).map(toBotGuild);
      await this.#record(async () => {
        await this.#runtime.state.reportOnline({ shardId, botUserId: user.id, botName: user.username }, new Date());
        await this.#runtime.state.replaceGuilds(shardId, guilds);
      });
    }
    for (const guildId of this.#client.guilds.cache.keys()) {
      void this.#check(guildId);
      void this.#keepVerifyPanel(guildId);
    }
    this.#heartbeat = setInterval(() => void this.#beat(), this.#runtime.heartbeatMs);
    logger.info(
      { guilds: this.#client.guilds.cache.size, shards: this.#runtime.shardIds, user: user.username },
      'bot online',
    );
  }

  async stop(): Promise<void> {
    clearInterval(this.#heartbeat);
    for (const shardId of this.#runtime.shardIds)
      await this.#record(() => this.#runtime.state.reportOffline(shardId, new Date()));
    await this.#client.destroy();
  }

  /**
   * Re-registering at every start would spend Discord's daily command-create budget and briefly show users stale
   * commands, so the bot only compares and warns; a failed look-up never stops it from starting.
   */
  async #checkCommands(applicationId: string) {
    const { logger } = this.#runtime;
    try {
      const drift = await registeredCommandDrift(this.#client.rest, applicationId);
      if (drift.length > 0)
        logger.warn({ drift }, 'registered slash commands differ from the registry: run npm run bot:deploy-commands');
    } catch (error) {
      logger.warn({ err: error }, 'registered slash commands not checked');
    }
  }

  /** State writes never take the bot down; a failed one is logged and the next heartbeat tries again. */
  async #record(write: () => Promise<void>) {
    await this.#runtime
      .scoped(write)
      .catch((error: unknown) => this.#runtime.logger.warn({ err: error }, 'bot state not recorded'));
  }

  /** A guild's role check waits its turn with the member joins, so a start in thousands of guilds stays bounded. */
  async #check(guildId: string) {
    try {
      await this.#events.run(() => this.#runtime.scoped(() => this.#runtime.checkGuildRoles.execute(guildId)));
    } catch (error) {
      this.#runtime.logger.warn({ err: error, guildId }, 'guild role check not recorded');
    }
  }

  async #beat() {
    const now = new Date();
    const changed = [...this.#countsChanged]
      .map((id) => this.#client.guilds.cache.get(id))
      .filter((guild) => guild !== undefined);
    this.#countsChanged.clear();
    await this.#record(async () => {
      for (const shardId of this.#runtime.shardIds) await this.#runtime.state.heartbeat(shardId, now);
      for (const guild of changed) await this.#runtime.state.upsertGuild(guild.shardId, toBotGuild(guild));
    });
  }

  async #keepVerifyPanel(guildId: string) {
    try {
      await this.#events.run(() => this.#runtime.scoped(() => this.#runtime.verifyPanel.execute(guildId)));
    } catch (error) {
      this.#runtime.logger.warn({ err: error, guildId }, 'verify message not checked');
    }
  }

  async #onInteraction(interaction: Interaction) {
    let request: CommandRequest;
    if (interaction.isChatInputCommand()) request = toCommandRequest(interaction);
    else if (interaction.isButton() && interaction.customId === VERIFY_BUTTON.customId)
      request = verifyButtonRequest(interaction);
    else return;
    const replies = new DiscordJsReplies(interaction);
    try {
      await this.#runtime.scoped(() => this.#runtime.handleCommand.execute(request, replies));
    } catch (error) {
      this.#runtime.logger.error(
        { err: error, command: request.commandName, guildId: request.guildId },
        'slash command failed',
      );
    }
  }

  async #onMemberAdd(member: GuildMember) {
    this.#countsChanged.add(member.guild.id);
    try {
      await this.#events.run(() =>
        this.#runtime.scoped(() =>
          this.#runtime.memberJoined.execute({
            guildId: member.guild.id,
            discordUserId: member.id,
            isBot: member.user.bot,
          }),
        ),
      );
    } catch (error) {
      this.#runtime.logger.error({ err: error, guildId: member.guild.id }, 'member join not handled');
    }
  }
}
