import type { ServerRestrictions } from '../../discord/binds.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { StoredConfigDeps } from '../serverConfigView.ts';

/** GET /api/discord/servers/{id}/restrictions: who may verify in a server the customer manages. */
export class ReadServerRestrictions {
  readonly #deps: StoredConfigDeps;
  constructor(deps: StoredConfigDeps) {
    this.#deps = deps;
  }

  async execute(customerId: number | undefined, guildId: string): Promise<ServerRestrictions> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    await this.#deps.guilds.requireManaged(customer.id, guildId);
    return (await this.#deps.configs.get(guildId)).restrictions;
  }
}
