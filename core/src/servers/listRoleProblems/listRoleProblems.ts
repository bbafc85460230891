import type { BotState } from '../../discord/botState.ts';
import type { RoleProblemKind, RoleProblemLog } from '../../discord/roleProblems.ts';
import type { CustomerRepository } from '../../customer/ports.ts';
import { requireCustomer } from '../../customer/requireCustomer.ts';
import type { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';

export interface ServerRoleProblems {
  id: string;
  name: string;
  problems: { kind: RoleProblemKind; name: string; reason: string; notedAt: Date }[];
}

/**
 * GET /api/discord/role-problems: for each server the customer manages and the bot is in, what role sync cannot
 * reach there, as the bot last recorded it. A server without problems is listed with none, so the setup check can
 * say it is fine; servers the customer does not manage are never named.
 */
export class ListRoleProblems {
  readonly #customers: CustomerRepository;
  readonly #guilds: CustomerDiscordGuilds;
  readonly #bot: BotState;
  readonly #problems: RoleProblemLog;

  constructor(customers: CustomerRepository, guilds: CustomerDiscordGuilds, bot: BotState, problems: RoleProblemLog) {
    this.#customers = customers;
    this.#guilds = guilds;
    this.#bot = bot;
    this.#problems = problems;
  }

  async execute(customerId: number | undefined): Promise<{ servers: ServerRoleProblems[] }> {
    const customer = await requireCustomer(this.#customers, customerId);
    const [managed, snapshot] = await Promise.all([this.#guilds.managedBy(customer.id), this.#bot.read()]);
    const managedIds = new Set(managed.map((guild) => guild.id));
    const withBot = snapshot.guilds.filter((guild) => managedIds.has(guild.id));
    const found = new Map(
      (await this.#problems.readFor(withBot.map((guild) => guild.id))).map((entry) => [entry.guildId, entry.problems]),
    );
    return {
      servers: withBot.map((guild) => ({
        id: guild.id,
        name: guild.name,
        problems: (found.get(guild.id) ?? []).map(({ kind, name, reason, notedAt }) => ({
          kind,
          name,
          reason,
          notedAt,
        })),
      })),
    };
  }
}
