import { isBotOnline, type BotState } from '../../discord/botState.ts';
import type { ServerConfig, ServerConfigs } from '../../discord/serverConfigs.ts';
import type { Clock } from '../../shared/clock.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';
import { permissionNames, roleIn } from '../permissions.ts';

/** Spec 1 section 3 "Server (user servers list)". */
export interface UserServerView {
  id: string;
  name: string;
  icon: string | null;
  memberCount: number;
  onlineMembers: number;
  isOnline: boolean;
  userRole: string | null;
  botJoinedAt: Date;
  commandsUsed24h: number;
  features: string[];
  permissions: string[];
}

export interface BotPresenceSettings {
  /** The bot is online while a shard's heartbeat is at most this old. */
  onlineWindowMs: number;
}

const DAY_MS = 24 * 3_600_000;

/** The feature badges of a server card, one per switched-on feature of its configuration. */
export function featureNames(config: ServerConfig): string[] {
  const features: [boolean, string][] = [
    [config.verificationEnabled, 'Verification'],
    [config.moderationEnabled, 'Moderation'],
    [config.groupBindingEnabled, 'Group Binding'],
    [config.autoRoleSync, 'Auto Role Sync'],
  ];
  return features.filter(([on]) => on).map(([, name]) => name);
}

/** GET /api/user/servers: the servers the customer manages that the bot is in, with its state and their configuration. */
export class ListUserServers {
  readonly #customers: CustomerRepository;
  readonly #guilds: CustomerDiscordGuilds;
  readonly #bot: BotState;
  readonly #configs: ServerConfigs;
  readonly #clock: Clock;
  readonly #settings: BotPresenceSettings;

  constructor(
    customers: CustomerRepository,
    guilds: CustomerDiscordGuilds,
    bot: BotState,
    configs: ServerConfigs,
    clock: Clock,
    settings: BotPresenceSettings,
  ) {
    this.#customers = customers;
    this.#guilds = guilds;
    this.#bot = bot;
    this.#configs = configs;
    this.#clock = clock;
    this.#settings = settings;
  }

  async execute(customerId: number | undefined): Promise<UserServerView[]> {
    const customer = await requireCustomer(this.#customers, customerId);
    const [managed, snapshot] = await Promise.all([this.#guilds.managedBy(customer.id), this.#bot.read()]);
    const now = this.#clock.now();
    const online = isBotOnline(snapshot, now, this.#settings.onlineWindowMs);
    const botGuilds = new Map(snapshot.guilds.map((guild) => [guild.id, guild]));
    const withBot = managed.filter((guild) => botGuilds.has(guild.id));
    if (!withBot.length) return [];
    const usage = await this.#bot.commandsUsedSince(new Date(now.getTime() - DAY_MS));
    return Promise.all(
      withBot.map(async (guild) => {
        const present = botGuilds.get(guild.id)!;
        const config = await this.#configs.get(guild.id);
        return {
          id: guild.id,
          name: present.name,
          icon: present.icon ?? guild.icon,
          memberCount: present.memberCount,
          onlineMembers: guild.approximatePresenceCount ?? 0,
          isOnline: online,
          userRole: roleIn(guild),
          botJoinedAt: present.joinedAt,
          commandsUsed24h: usage.get(guild.id) ?? 0,
          features: featureNames(config),
          permissions: permissionNames(guild.permissions),
        };
      }),
    );
  }
}
