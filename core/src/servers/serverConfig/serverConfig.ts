import type { ServerConfig, ServerConfigs } from '../../discord/serverConfigs.ts';
import { roleSettingsChanged } from '../../discord/serverSyncRuns.ts';
import type { TriggerServerSync } from '../../discord/triggerServerSync/triggerServerSync.ts';
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

/**
 * POST /api/discord/servers/{id}/config: the validated configuration, saved for a guild the customer manages; a
 * change of what members' roles or nicknames follow starts a server-wide sync (issue 27).
 */
export class SaveServerConfig {
  readonly #customers: CustomerRepository;
  readonly #guilds: CustomerDiscordGuilds;
  readonly #configs: ServerConfigs;
  readonly #serverSync: Pick<TriggerServerSync, 'execute'>;

  constructor(
    customers: CustomerRepository,
    guilds: CustomerDiscordGuilds,
    configs: ServerConfigs,
    serverSync: Pick<TriggerServerSync, 'execute'>,
  ) {
    this.#customers = customers;
    this.#guilds = guilds;
    this.#configs = configs;
    this.#serverSync = serverSync;
  }

  async execute(
    customerId: number | undefined,
    guildId: string,
    changes: Partial<ServerConfig>,
  ): Promise<ServerConfig> {
    const customer = await requireCustomer(this.#customers, customerId);
    const guild = await this.#guilds.requireManaged(customer.id, guildId);
    const before = await this.#configs.get(guildId);
    const saved = await this.#configs.save(guildId, changes, guild.name);
    if (roleSettingsChanged(before, saved) && saved.verificationEnabled) await this.#serverSync.execute(guildId);
    return saved;
  }
}
