import type { Bind } from '../../discord/binds.ts';
import { serverBinds } from '../../discord/serverConfigs.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { StoredConfigDeps } from '../serverConfigView.ts';

/** GET /api/discord/servers/{id}/binds: the server's binds, its bound group's rank binds read as `rank` binds. */
export class ListServerBinds {
  readonly #deps: StoredConfigDeps;
  constructor(deps: StoredConfigDeps) {
    this.#deps = deps;
  }

  async execute(customerId: number | undefined, guildId: string): Promise<{ binds: Bind[] }> {
    const customer = await requireCustomer(this.#deps.customers, customerId);
    await this.#deps.guilds.requireManaged(customer.id, guildId);
    return { binds: serverBinds(await this.#deps.configs.get(guildId)) };
  }
}
