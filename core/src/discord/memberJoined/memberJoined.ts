import type { ServerConfigs } from '../serverConfigs.ts';
import type { RoleSyncQueue } from '../ports.ts';

/** A member joined a guild (gateway GUILD_MEMBER_ADD): queue their role sync when the server asks for it. */
export class MemberJoined {
  readonly #configs: ServerConfigs;
  readonly #queue: RoleSyncQueue;
  constructor(deps: { configs: ServerConfigs; queue: RoleSyncQueue }) {
    this.#configs = deps.configs;
    this.#queue = deps.queue;
  }

  async execute(event: { guildId: string; discordUserId: string; isBot: boolean }): Promise<boolean> {
    if (event.isBot) return false;
    const config = await this.#configs.get(event.guildId);
    if (!config.autoRoleSync || !config.verificationEnabled) return false;
    await this.#queue.enqueue({ guildId: event.guildId, discordUserId: event.discordUserId });
    return true;
  }
}
