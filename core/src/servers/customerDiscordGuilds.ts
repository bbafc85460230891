import type { Clock } from '../shared/clock.ts';
import { Forbidden } from '../shared/errors.ts';
import { managesGuild } from './permissions.ts';
import {
  DiscordGrantRejected,
  DiscordUnavailable,
  type CustomerGuildLists,
  type DiscordGrants,
  type DiscordUserApi,
  type UserGuild,
} from './ports.ts';

export interface CustomerGuildSettings {
  /** A stored guild list younger than this is used without asking Discord. */
  cacheMs: number;
  /** Refresh an access token this long before it expires. */
  refreshMarginMs: number;
}

/**
 * The guilds a customer belongs to, per Discord, through their stored OAuth grant: a cached list while young
 * enough, otherwise a fresh one (refreshing the access token first when due). When Discord cannot answer, the
 * last stored list stands in; with none, the customer is in no guild as far as GroupFlow can tell.
 */
export class CustomerDiscordGuilds {
  readonly #grants: DiscordGrants;
  readonly #api: DiscordUserApi;
  readonly #lists: CustomerGuildLists;
  readonly #clock: Clock;
  readonly #settings: CustomerGuildSettings;
  /** One Discord round trip per customer at a time: screens fire several calls at once, and a refresh token is single-use. */
  readonly #inFlight = new Map<number, Promise<UserGuild[]>>();

  constructor(
    grants: DiscordGrants,
    api: DiscordUserApi,
    lists: CustomerGuildLists,
    clock: Clock,
    settings: CustomerGuildSettings,
  ) {
    this.#grants = grants;
    this.#api = api;
    this.#lists = lists;
    this.#clock = clock;
    this.#settings = settings;
  }

  async guildsOf(customerId: number): Promise<UserGuild[]> {
    const stored = await this.#lists.read(customerId);
    if (stored && this.#clock.now().getTime() - stored.fetchedAt.getTime() < this.#settings.cacheMs)
      return stored.guilds;
    const pending = this.#inFlight.get(customerId);
    if (pending) return pending;
    const fetching = this.#fetch(customerId, stored?.guilds ?? []).finally(() => this.#inFlight.delete(customerId));
    this.#inFlight.set(customerId, fetching);
    return fetching;
  }

  /** The guilds the customer owns or holds Manage Server in. */
  async managedBy(customerId: number): Promise<UserGuild[]> {
    return (await this.guildsOf(customerId)).filter(managesGuild);
  }

  /** The managed guild with that id; Forbidden when the customer does not manage it (or is not in it). */
  async requireManaged(customerId: number, guildId: string): Promise<UserGuild> {
    const guild = (await this.managedBy(customerId)).find((candidate) => candidate.id === guildId);
    if (!guild) throw new Forbidden('You do not manage this server');
    return guild;
  }

  /** Forgets the stored list, so the next read asks Discord (after a new sign-in). */
  async forget(customerId: number): Promise<void> {
    const stored = await this.#lists.read(customerId);
    if (stored) await this.#lists.replace(customerId, stored.guilds, new Date(0));
  }

  async #fetch(customerId: number, fallback: UserGuild[]): Promise<UserGuild[]> {
    let grant = await this.#grants.get(customerId);
    if (!grant) return fallback;
    try {
      const now = this.#clock.now();
      if (grant.refreshToken && grant.expiresAt.getTime() - now.getTime() <= this.#settings.refreshMarginMs) {
        grant = await this.#api.refresh(grant.refreshToken);
        await this.#grants.save(customerId, grant);
      }
      const guilds = await this.#api.guildsOf(grant.accessToken);
      await this.#lists.replace(customerId, guilds, this.#clock.now());
      return guilds;
    } catch (error) {
      if (error instanceof DiscordGrantRejected) {
        // Revoked in Discord (or expired without a refresh token): stop using it until the next sign-in, and stop
        // treating the customer as a manager of the guilds they had.
        await this.#grants.remove(customerId);
        await this.#lists.replace(customerId, [], this.#clock.now());
        return [];
      }
      if (error instanceof DiscordUnavailable) return fallback;
      throw error;
    }
  }
}
