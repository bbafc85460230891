import type { DiscordGuilds } from '../botPorts.ts';
import type { RoleSyncQueue } from '../ports.ts';

/**
 * After a user links, proves or unlinks a Roblox account: one role sync per guild (with the bot in it) the user is
 * a member of. Returns how many were queued.
 */
export class SyncUserEverywhere {
  readonly #discord: DiscordGuilds;
  readonly #queue: RoleSyncQueue;
  constructor(deps: { discord: DiscordGuilds; queue: RoleSyncQueue }) {
    this.#discord = deps.discord;
    this.#queue = deps.queue;
  }

  async execute(discordUserId: string): Promise<number> {
    let queued = 0;
    for (const guildId of await this.#discord.guildIds()) {
      if (!(await this.#discord.member(guildId, discordUserId))) continue;
      await this.#queue.enqueue({ guildId, discordUserId });
      queued++;
    }
    return queued;
  }
}
