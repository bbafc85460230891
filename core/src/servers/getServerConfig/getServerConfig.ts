import { requireCustomer } from '../../customer/requireCustomer.ts';
import { viewServerConfig, type ServerConfigDeps, type ServerConfigView } from '../serverConfigView.ts';

/** GET /api/discord/servers/{id}/config: only for a customer who manages that guild. */
export class GetServerConfig {
  readonly #deps: ServerConfigDeps;
  constructor(deps: ServerConfigDeps) {
    this.#deps = deps;
  }

  async execute(customerId: number | undefined, guildId: string): Promise<ServerConfigView> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    await this.#deps.guilds.requireManaged(customer.id, guildId);
    const [config, guild] = await Promise.all([this.#deps.configs.get(guildId), this.#deps.directory.read(guildId)]);
    return viewServerConfig(config, guild);
  }
}
