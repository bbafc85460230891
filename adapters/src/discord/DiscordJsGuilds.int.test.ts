/**
 * DiscordJsGuilds' member pages and its two kinds of member edit, through the real discord.js client against the
 * fake Discord with Discord's rate limits on (5 requests a second per bucket here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Events, type Client } from 'discord.js';
import { createDiscordClient } from './DiscordJsBot.ts';
import { DiscordJsGuilds } from './DiscordJsGuilds.ts';
import { bits, FakeDiscord, snowflake, type FakeGuild } from '../../testing/FakeDiscord.ts';

const BUCKET = { limit: 5, windowMs: 1000 };

describe('DiscordJsGuilds under rate limits', () => {
  const fake = new FakeDiscord({ rateLimits: BUCKET });
  let client: Client;
  let guilds: DiscordJsGuilds;
  let guild: FakeGuild;
  let role: string;
  const members: string[] = [];

  beforeAll(async () => {
    await fake.start();
    guild = fake.addGuild({
      name: 'Busy Guild',
      ownerId: snowflake(),
      botPermissions: bits('ManageRoles', 'ManageNicknames'),
      botRolePosition: 10,
    });
    role = fake.addRole(guild, 'Verified', 2).id;
    for (let i = 0; i < 25; i++) members.push(fake.putMember(guild, { username: `member${i}` }).user.id);
    client = createDiscordClient({ restApi: `${fake.url}/api`, waitGuildTimeoutMs: 1000 });
    const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
    await client.login(fake.token);
    await ready;
    guilds = new DiscordJsGuilds(client);
  });

  afterAll(async () => {
    await client?.destroy();
    await fake.stop();
  });

  it('reads members a page at a time in id order, and keeps them current from the gateway', async () => {
    const first = await guilds.page(guild.id, '0', 10);
    const second = await guilds.page(guild.id, first.at(-1)!.id, 10);
    const ids = [...first, ...second].map((member) => member.id);
    expect(ids).toEqual([...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
    expect(new Set(ids).size).toBe(20);
    expect(await guilds.memberCount(guild.id)).toBe(26);
    // Someone else edits a member after the page was read: the bot's view follows.
    const target = first.find((member) => member.id === members[0])!;
    await guilds.editMember(guild.id, target.id, { nick: 'changed elsewhere' });
    await expect.poll(async () => (await guilds.current(guild.id, target.id))?.nick).toBe('changed elsewhere');
  });

  it('keeps to the bucket without 429s, and a single-member edit goes ahead of the rest of a bulk sync', async () => {
    const since = performance.now();
    const background = (async () => {
      for (const id of members.slice(0, 15)) await guilds.editMember(guild.id, id, { roleIds: [role] });
    })();
    // Wait until the bulk edits are well under way, then a member runs /verify.
    await expect
      .poll(() => fake.requestsTo('PATCH', /\/members\/\d+$/).filter((request) => request.at >= since).length, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(6);
    const verified = members[20]!;
    const askedAt = performance.now();
    await guilds.editMember(guild.id, verified, { roleIds: [role], nick: 'verified' });
    await background;

    const edits = fake.requestsTo('PATCH', /\/members\/\d+$/).filter((request) => request.at >= since);
    expect(edits.filter((request) => request.status === 429)).toEqual([]);
    const order = edits.map((request) => request.path.split('/').pop());
    const position = order.indexOf(verified);
    // Behind at most the one bulk edit already sent when it was asked for (the bulk sync keeps one in flight).
    const sentBefore = edits.filter((request) => request.at < askedAt).length;
    expect(position).toBeLessThanOrEqual(sentBefore + 1);
    // ...and ahead of the bulk edits still to come.
    expect(order).toHaveLength(16);
    expect(position).toBeLessThan(15);
    expect(guild.members.get(verified)!.nick).toBe('verified');
  });
});
