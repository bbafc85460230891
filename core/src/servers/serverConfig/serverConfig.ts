import type { ServerConfig, ServerConfigs } from '../../discord/serverConfigs.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';

/** GET /api/discord/servers/{id}/config: only for a customer who manages that guild. */
export class GetServerConfig {
  readonly #customers: CustomerRepository;
  readonly #guilds: CustomerDiscordGuilds;
  readonly #configs: ServerConfigs;

  constructor(customers: CustomerRepository, guilds: CustomerDiscordGuilds, configs: ServerConfigs) {
    this.#customers = customers;
    this.#guilds = guilds;
    this.#configs = configs;
  }

  async execute(customerId: number | undefined, guildId: string): Promise<ServerConfig> {
    const customer = await requireCustomer(this.#customers, customerId);
    await this.#guilds.requireManaged(customer.id, guildId);
    return this.#configs.get(guildId);
  }
}

/** POST /api/discord/servers/{id}/config: the validated configuration, saved for a guild the customer manages. */
export class SaveServerConfig {
  readonly #customers: CustomerRepository;
  readonly #guilds: CustomerDiscordGuilds;
  readonly #configs: ServerConfigs;

  constructor(customers: CustomerRepository, guilds: CustomerDiscordGuilds, configs: ServerConfigs) {
    this.#customers = customers;
    this.#guilds = guilds;
    this.#configs = configs;
  }

  async execute(
    customerId: number | undefined,
    guildId: string,
    changes: Partial<ServerConfig>,
  ): Promise<ServerConfig> {
    const customer = await requireCustomer(this.#customers, customerId);
    const guild = await this.#guilds.requireManagedForWrite(customer.id, guildId);
    return this.#configs.save(guildId, changes, guild.name);
  }
}
