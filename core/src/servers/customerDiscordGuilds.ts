import type { Clock } from '../shared/clock.ts';
import { Forbidden, Unavailable } from '../shared/errors.ts';
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

export const MANAGER_LIST_STALE =
  'Discord cannot be reached to confirm that you still manage this server, so changes are paused. Please try again in a moment.';

/** A fetched list, and whether it is Discord's current answer (false: the stored list stood in for it). */
interface Fetched {
  guilds: UserGuild[];
  current: boolean;
}

/**
 * The guilds a customer belongs to, per Discord, through their stored OAuth grant: a cached list while young
 * enough, otherwise a fresh one (refreshing the access token first when due). For reads, when Discord cannot
 * answer, the last stored list stands in; with none, the customer is in no guild as far as GroupFlow can tell.
 * Writes (server config, vouches) go through `requireManagedForWrite`, which never trusts a list older than the
 * cache time: a manager removed while Discord is down must not keep writing.
 */
export class CustomerDiscordGuilds {
  readonly #grants: DiscordGrants;
  readonly #api: DiscordUserApi;
  readonly #lists: CustomerGuildLists;
  readonly #clock: Clock;
  readonly #settings: CustomerGuildSettings;
  /** One Discord round trip per customer at a time: screens fire several calls at once, and a refresh token is single-use. */
  readonly #inFlight = new Map<number, Promise<Fetched>>();

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
    return (await this.#current(customerId)).guilds;
  }

  async #current(customerId: number): Promise<Fetched> {
    const stored = await this.#lists.read(customerId);
    if (stored && this.#clock.now().getTime() - stored.fetchedAt.getTime() < this.#settings.cacheMs)
      return { guilds: stored.guilds, current: true };
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

  /**
   * The managed guilds for a write: Unavailable (503) when the list is older than the cache time and Discord cannot
   * refresh it, instead of trusting a list that may still name a manager who was removed meanwhile.
   */
  async managedForWrite(customerId: number): Promise<UserGuild[]> {
    const fetched = await this.#current(customerId);
    if (!fetched.current) throw new Unavailable('SERVERS.MANAGER_LIST_STALE', MANAGER_LIST_STALE);
    return fetched.guilds.filter(managesGuild);
  }

  /** `requireManaged` for a write (see `managedForWrite`). */
  async requireManagedForWrite(customerId: number, guildId: string): Promise<UserGuild> {
    const guild = (await this.managedForWrite(customerId)).find((candidate) => candidate.id === guildId);
    if (!guild) throw new Forbidden('SERVERS.NOT_MANAGER', 'You do not manage this server');
    return guild;
  }

  /** The managed guild with that id; Forbidden when the customer does not manage it (or is not in it). */
  async requireManaged(customerId: number, guildId: string): Promise<UserGuild> {
    const guild = (await this.managedBy(customerId)).find((candidate) => candidate.id === guildId);
    if (!guild) throw new Forbidden('SERVERS.NOT_MANAGER', 'You do not manage this server');
    return guild;
  }

  /** Forgets the stored list, so the next read asks Discord (after a new sign-in). */
  async forget(customerId: number): Promise<void> {
    const stored = await this.#lists.read(customerId);
    if (stored) await this.#lists.replace(customerId, stored.guilds, new Date(0));
  }

  async #fetch(customerId: number, fallback: UserGuild[]): Promise<Fetched> {
    let grant = await this.#grants.get(customerId);
    // No grant (signed in with Roblox only): nothing can refresh a stored list, so a write cannot trust it.
    if (!grant) return { guilds: fallback, current: fallback.length === 0 };
    try {
      const now = this.#clock.now();
      if (grant.refreshToken && grant.expiresAt.getTime() - now.getTime() <= this.#settings.refreshMarginMs) {
        grant = await this.#api.refresh(grant.refreshToken);
        await this.#grants.save(customerId, grant);
      }
      const guilds = await this.#api.guildsOf(grant.accessToken);
      await this.#lists.replace(customerId, guilds, this.#clock.now());
      return { guilds, current: true };
    } catch (error) {
      if (error instanceof DiscordGrantRejected) {
        // Revoked in Discord (or expired without a refresh token): stop using it until the next sign-in, and stop
        // treating the customer as a manager of the guilds they had.
        await this.#grants.remove(customerId);
        await this.#lists.replace(customerId, [], this.#clock.now());
        return { guilds: [], current: true };
      }
      if (error instanceof DiscordUnavailable) return { guilds: fallback, current: false };
      throw error;
    }
  }
}
