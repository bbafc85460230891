/** Everything the servers use cases need, in memory, with one signed-in customer per helper call. */
import { InMemoryBotState, InMemoryServerConfigs } from '../../discord/testing/stateFakes.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import type { Customer } from '../../customer/ports.ts';
import type { Clock } from '../../shared/clock.ts';
import { CustomerDiscordGuilds } from '../customerDiscordGuilds.ts';
import type { UserGuild } from '../ports.ts';
import {
  FakeDiscordUserApi,
  InMemoryCustomerGuildLists,
  InMemoryDiscordGrants,
  InMemoryMemberVouches,
  RecordingRoleSyncQueue,
} from './fakes.ts';

export const NOW = new Date('2026-11-23T10:00:00Z');
export const SETTINGS = { cacheMs: 60_000, refreshMarginMs: 60_000, onlineWindowMs: 30_000 };

export function makeWorld() {
  const clock = {
    current: NOW,
    now() {
      return this.current;
    },
  } satisfies Clock & { current: Date };
  const customers = new InMemoryCustomerRepository();
  const grants = new InMemoryDiscordGrants();
  const api = new FakeDiscordUserApi();
  const lists = new InMemoryCustomerGuildLists(customers);
  const bot = new InMemoryBotState();
  const configs = new InMemoryServerConfigs();
  const queue = new RecordingRoleSyncQueue();
  const vouches = new InMemoryMemberVouches();
  const guilds = new CustomerDiscordGuilds(grants, api, lists, clock, SETTINGS);
  return {
    clock,
    customers,
    grants,
    api,
    lists,
    bot,
    configs,
    queue,
    vouches,
    guilds,
    /** A Discord-signed-in customer whose Discord token answers these guilds. */
    customer(id: number, discordGuilds: UserGuild[], overrides: Partial<Customer> = {}): Customer {
      const customer = makeCustomer({ id, username: `user${id}`, discordId: String(1000 + id), ...overrides });
      customers.add(customer);
      grants.grants.set(id, {
        accessToken: `token-${id}`,
        refreshToken: `refresh-${id}`,
        expiresAt: new Date(NOW.getTime() + 3_600_000),
        scope: 'identify email guilds',
      });
      api.guildsByToken.set(`token-${id}`, discordGuilds);
      return customer;
    },
    /** The bot online in these guilds. */
    async botIn(...guildIds: string[]) {
      await bot.reportOnline({ shardId: 0, botUserId: '900', botName: 'GroupFlow Bot' }, NOW);
      await bot.replaceGuilds(
        0,
        guildIds.map((id) => ({
          id,
          name: `Guild ${id}`,
          icon: null,
          memberCount: 25,
          joinedAt: new Date('2026-11-01T00:00:00Z'),
        })),
      );
    },
  };
}
