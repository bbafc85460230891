import { isBotOnline, type BotState } from '../discord/botState.ts';
import type { Clock } from '../shared/clock.ts';
import type { CustomerStats, CustomerStatsSource } from '../customer/ports.ts';
import type { CustomerBot, CustomerBotDirectory, CustomerServer, GuildIconUrlOf } from './ports.ts';
import type { CustomerDiscordGuilds } from './customerDiscordGuilds.ts';
import type { BotPresenceSettings } from './listUserServers/listUserServers.ts';

/** Named after the product when no shard has reported its Discord user yet. */
const FALLBACK_BOT_NAME = 'GroupFlow';

/**
 * The customer dashboard's Bots and Servers tabs and the profile figures, from the same data as My Servers: a
 * customer's "bots" are the GroupFlow bot's installations in the servers they manage (one card per server), and
 * their servers are every server they manage, connected when the bot is in it and online.
 */
export class BotInstallations implements CustomerBotDirectory, CustomerStatsSource {
  readonly #guilds: CustomerDiscordGuilds;
  readonly #bot: BotState;
  readonly #clock: Clock;
  readonly #settings: BotPresenceSettings;
  readonly #iconUrlOf: GuildIconUrlOf;

  constructor(
    guilds: CustomerDiscordGuilds,
    bot: BotState,
    clock: Clock,
    settings: BotPresenceSettings,
    iconUrlOf: GuildIconUrlOf,
  ) {
    this.#guilds = guilds;
    this.#bot = bot;
    this.#clock = clock;
    this.#settings = settings;
    this.#iconUrlOf = iconUrlOf;
  }

  async #view(customerId: number) {
    const [managed, snapshot] = await Promise.all([this.#guilds.managedBy(customerId), this.#bot.read()]);
    const botGuilds = new Map(snapshot.guilds.map((guild) => [guild.id, guild]));
    return {
      managed,
      botGuilds,
      online: isBotOnline(snapshot, this.#clock.now(), this.#settings.onlineWindowMs),
      botName: snapshot.shards[0]?.botName ?? FALLBACK_BOT_NAME,
    };
  }

  async botsOf(customerId: number): Promise<CustomerBot[]> {
    const { managed, botGuilds, online, botName } = await this.#view(customerId);
    return managed.flatMap((guild) => {
      const present = botGuilds.get(guild.id);
      if (!present) return [];
      return [
        {
          id: guild.id,
          name: botName,
          status: online ? ('online' as const) : ('offline' as const),
          isOnline: online,
          serverId: guild.id,
          serverName: present.name,
          createdAt: present.joinedAt,
        },
      ];
    });
  }

  async serversOf(customerId: number): Promise<CustomerServer[]> {
    const { managed, botGuilds, online } = await this.#view(customerId);
    return managed.map((guild) => {
      const present = botGuilds.get(guild.id);
      return {
        id: guild.id,
        name: present?.name ?? guild.name,
        icon: this.#iconUrlOf({ id: guild.id, icon: present?.icon ?? guild.icon }),
        memberCount: present?.memberCount ?? guild.approximateMemberCount ?? 0,
        botConnected: Boolean(present) && online,
      };
    });
  }

  async statsFor(customerId: number): Promise<CustomerStats> {
    const bots = await this.botsOf(customerId);
    const usage = bots.length ? await this.#bot.commandsUsedSince(new Date(0)) : new Map<string, number>();
    return {
      totalBots: bots.length,
      activeBots: bots.filter((bot) => bot.isOnline).length,
      totalCommands: bots.reduce((sum, bot) => sum + (usage.get(bot.id) ?? 0), 0),
    };
  }
}
