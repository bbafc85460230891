import { isBotOnline, type BotState } from '../../discord/botState.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';
import type { BotPresenceSettings } from '../listUserServers/listUserServers.ts';

export interface BotStatus {
  hasToken: boolean;
  isOnline: boolean;
  guildCount: number;
  connectedServers: { id: string; name: string; memberCount: number }[];
}

/**
 * GET /api/discord/bot-status. Anyone may ask (the setup check is public), but the names of the servers the bot is
 * in are shown only to someone who manages them: the list of every community using the bot is nobody's business.
 */
export class GetBotStatus {
  readonly #customers: CustomerRepository;
  readonly #guilds: CustomerDiscordGuilds;
  readonly #bot: BotState;
  readonly #clock: Clock;
  readonly #settings: BotPresenceSettings & { hasToken: boolean };

  constructor(
    customers: CustomerRepository,
    guilds: CustomerDiscordGuilds,
    bot: BotState,
    clock: Clock,
    settings: BotPresenceSettings & { hasToken: boolean },
  ) {
    this.#customers = customers;
    this.#guilds = guilds;
    this.#bot = bot;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined): Promise<BotStatus> {
    const snapshot = await this.#bot.read();
    const customer = customerId === undefined ? null : await this.#customers.findById(customerId);
    let connectedServers: BotStatus['connectedServers'] = [];
    if (customer && !customer.isBanned) {
      const managed = new Set((await this.#guilds.managedBy(customer.id)).map((guild) => guild.id));
      connectedServers = snapshot.guilds
        .filter((guild) => managed.has(guild.id))
        .map(({ id, name, memberCount }) => ({ id, name, memberCount }));
    }
    return {
      hasToken: this.#settings.hasToken,
      isOnline: isBotOnline(snapshot, this.#clock.now(), this.#settings.onlineWindowMs),
      guildCount: snapshot.guilds.length,
      connectedServers,
    };
  }
}
