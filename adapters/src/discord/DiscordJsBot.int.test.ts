import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Client } from 'discord.js';
import { setConfig } from '@groupflow/core/discord/testing';
import pino from 'pino';
import { createDiscordClient } from './DiscordJsBot.ts';
import { deployCommands } from './deployCommands.ts';
import {
  bits,
  CHANNEL_TYPES,
  FakeDiscord,
  snowflake,
  type FakeGuild,
  type FakeRole,
} from '../../testing/FakeDiscord.ts';
import { inMemoryBot } from './testing/inMemoryBot.ts';

const USER = 6;
const INTEGER = 4;
const STRING = 3;
const EPHEMERAL = 64;
const DEFERRED = 5;

// Started at load: a client's REST base is fixed when it is created.
const fake = await new FakeDiscord().start();
afterAll(() => fake.stop());

describe('the discord.js bot against a fake Discord', () => {
  const client: Client = createDiscordClient({ restApi: `${fake.url}/api`, waitGuildTimeoutMs: 1000 });
  const warnings: unknown[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
  const { bot, configs, accounts, roblox, ranks, groups, directory, activities, state, queued, problems } = inMemoryBot(
    client,
    [0],
    logger,
  );
  let guild: FakeGuild;
  const roles: Record<string, FakeRole> = {};
  const ids = { owner: snowflake(), alice: snowflake(), bob: snowflake(), mod: snowflake(), boss: snowflake() };
  let logChannel: string;

  beforeAll(async () => {
    guild = fake.addGuild({
      name: 'Test Guild',
      ownerId: ids.owner,
      botPermissions: bits(
        'ManageRoles',
        'ManageNicknames',
        'KickMembers',
        'BanMembers',
        'ModerateMembers',
        'SendMessages',
      ),
      botRolePosition: 10,
    });
    for (const [name, position] of [
      ['Unverified', 1],
      ['Verified', 2],
      ['Member', 3],
      ['Officer', 4],
      ['Moderators', 5],
      ['Leader', 12],
    ] as const) {
      roles[name] = fake.addRole(guild, name, position, 0n, 0x3498db);
    }
    logChannel = fake.addChannel(guild, 'mod-log');
    fake.addChannel(guild, 'Voice', CHANNEL_TYPES.voice);
    fake.addChannel(guild, 'news');
    fake.putMember(guild, { id: ids.owner, username: 'owner' });
    fake.putMember(guild, { id: ids.alice, username: 'alice' }, [roles.Unverified!.id, roles.Member!.id]);
    fake.putMember(guild, { id: ids.bob, username: 'bob' });
    fake.putMember(guild, { id: ids.mod, username: 'mod' }, [roles.Moderators!.id]);
    fake.putMember(guild, { id: ids.boss, username: 'boss' }, [roles.Leader!.id]);

    // Configured before issue 22, by names: the bot converts it to ids when it loads the guild.
    setConfig(configs, guild.id, {
      boundGroupId: '42',
      moderatorRoles: ['Moderators'],
      moderationLogChannel: 'mod-log',
      nicknameFormat: '{smart-name}',
    });
    groups.roles.set('42', [
      { id: '1', name: 'Member', rank: 1, memberCount: 3 },
      { id: '2', name: 'Officer', rank: 50, memberCount: 2 },
      { id: '3', name: 'Leader', rank: 255, memberCount: 1 },
    ]);
    accounts.accounts.set(ids.alice, { robloxId: '7', isVerified: true });
    roblox.users.set('7', { id: '7', name: 'alice_rbx', displayName: 'Ally', description: '' });
    roblox.roles.set('7', [{ groupId: '42', groupName: 'G', roleId: '1', roleName: 'Officer', rank: 50 }]);
    ranks.ranks.set('42', []);

    // The release step registers the commands; the bot only checks them.
    await deployCommands({ restApi: `${fake.url}/api`, token: fake.token });
    await bot.start(fake.token);
  });

  afterAll(() => bot.stop());

  const run = async (userId: string, name: string, options: Parameters<FakeDiscord['interact']>[3] = []) => {
    const interaction = fake.interact(guild, userId, name, options);
    const ack = await interaction.acknowledged;
    return { ack, text: await interaction.edited };
  };

  it('bot:deploy-commands registered the nine global commands with options and default member permissions; the bot reports itself online', () => {
    expect(fake.commands.map((command) => command.name)).toEqual([
      'verify',
      'update',
      'binds',
      'bind-group',
      'warn',
      'kick',
      'ban',
      'mute',
      'announce',
    ]);
    const byName = Object.fromEntries(fake.commands.map((command) => [command.name, command as Record<string, any>]));
    expect(byName['bind-group']!.default_member_permissions).toBe('32');
    expect(byName.kick!.default_member_permissions).toBe('2');
    expect(byName.mute!.options.map((option: { name: string }) => option.name)).toEqual([
      'member',
      'minutes',
      'reason',
    ]);
    expect(fake.requestsTo('GET', /\/api\/v10\/gateway\/bot$/)).toHaveLength(1);
    // The bot's start read the registered set once, found it equal to the registry, and registered nothing.
    expect(fake.requestsTo('PUT', /\/commands$/)).toHaveLength(1);
    expect(fake.requestsTo('GET', /\/commands$/)).toHaveLength(1);
    expect(warnings).toEqual([]);
    expect(state.shards.get(0)).toMatchObject({ online: true, botUserId: fake.botUser.id, botName: 'GroupFlow' });
    expect([...state.guilds.values()]).toEqual([
      { shardId: 0, guild: expect.objectContaining({ id: guild.id, name: 'Test Guild', memberCount: 6 }) },
    ]);
  });

  it("records the guild's roles and channels as Discord serves them and converts the named configuration to ids", async () => {
    await vi.waitFor(async () => expect(await configs.needsNameConversion(guild.id)).toBe(false));
    const recorded = await directory.read(guild.id);
    expect(recorded?.roles.find((role) => role.id === roles.Moderators!.id)).toEqual({
      id: roles.Moderators!.id,
      name: 'Moderators',
      position: expect.any(Number),
      managed: false,
      colour: 0x3498db,
      permissions: [],
    });
    // The bot's own role, with the permissions the guild gave it.
    expect(recorded?.roles.find((role) => role.managed)?.permissions).toEqual(
      expect.arrayContaining(['ManageRoles', 'BanMembers']),
    );
    expect(recorded?.channels.map((channel) => [channel.name, channel.type])).toEqual([
      ['mod-log', 'text'],
      ['Voice', 'voice'],
      ['news', 'text'],
    ]);
    // discord.js orders positions without gaps; the bot's role sits above Moderators and below Leader.
    const position = (name: string) => recorded!.roles.find((role) => role.name === name)!.position;
    expect(recorded).toMatchObject({ botHighestPosition: position('GroupFlow'), ownerId: ids.owner });
    expect(position('Moderators')).toBeLessThan(position('GroupFlow'));
    expect(position('Leader')).toBeGreaterThan(position('GroupFlow'));
    expect(await configs.get(guild.id)).toMatchObject({
      moderatorRoles: [roles.Moderators!.id],
      moderationLogChannel: logChannel,
      verificationRoleId: roles.Verified!.id,
      unverifiedRoleId: roles.Unverified!.id,
      rankBinds: [
        { rankId: 1, roleId: roles.Member!.id },
        { rankId: 50, roleId: roles.Officer!.id },
        { rankId: 255, roleId: roles.Leader!.id },
      ],
    });
  });

  it('checks each guild when it comes online and records the rank role above its own for the setup check', async () => {
    await vi.waitFor(() => expect(problems.of(guild.id)).toEqual(['role:Leader']));
    expect([...problems.stored.values()][0]).toMatchObject({
      targetId: roles.Leader!.id,
      reason: "it is at or above the bot's highest role: move the GroupFlow role above it in Server Settings → Roles",
    });
  });

  it('/verify of an unlinked member: deferred ephemeral, then the link', async () => {
    const { ack, text } = await run(ids.bob, 'verify');
    expect(ack.type).toBe(DEFERRED);
    expect((ack.data as { flags: number }).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(text).toContain('http://groupflow.test/verify');
    expect((await state.commandsUsedSince(new Date(0))).get(guild.id)).toBe(1);
  });

  it('/verify of a member above the bot names why in the reply and in the setup check', async () => {
    accounts.accounts.set(ids.boss, { robloxId: '8', isVerified: true });
    roblox.users.set('8', { id: '8', name: 'boss_rbx', displayName: 'Boss', description: '' });
    const { text } = await run(ids.boss, 'verify');
    expect(text).toContain("boss's highest role is at or above the bot's highest role");
    expect(problems.of(guild.id)).toEqual(['role:Leader', 'member:boss']);
    expect(guild.members.get(ids.boss)!.roles).toEqual([roles.Leader!.id]);
  });

  it('/verify of a linked member changes roles and nickname on Discord, skipping and naming a role above the bot', async () => {
    const { text } = await run(ids.alice, 'verify');
    expect(text).toBe(
      'Verified as alice_rbx (Officer).\nRoles added: Officer, Verified\nRoles removed: Member, Unverified\nNickname: Ally (@alice_rbx)',
    );
    const alice = guild.members.get(ids.alice)!;
    expect(new Set(alice.roles)).toEqual(new Set([roles.Officer!.id, roles.Verified!.id]));
    expect(alice.nick).toBe('Ally (@alice_rbx)');

    roblox.roles.set('7', [{ groupId: '42', groupName: 'G', roleId: '9', roleName: 'Leader', rank: 255 }]);
    const promoted = await run(ids.alice, 'update');
    expect(promoted.text).toContain('Roles removed: Officer');
    expect(promoted.text).toContain("Not changed: Leader, because it is at or above the bot's highest role");
    expect(guild.members.get(ids.alice)!.roles).not.toContain(roles.Leader!.id);
    roblox.roles.set('7', [{ groupId: '42', groupName: 'G', roleId: '1', roleName: 'Officer', rank: 50 }]);
  });

  it('waits out a 429 with retry-after and then succeeds', async () => {
    fake.failNext({ method: 'PATCH', path: /\/members\//, status: 429, retryAfterSeconds: 0.4 });
    const { text } = await run(ids.alice, 'update');
    expect(text).toContain('Roles added: Officer');
    const [limited, retried] = fake.requestsTo('PATCH', /\/members\//).slice(-2);
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(400);
  });

  it('turns a 403 from Discord into a clear reply', async () => {
    guild.members.get(ids.alice)!.roles = [roles.Unverified!.id];
    fake.failNext({ method: 'PATCH', path: /\/members\//, status: 403 });
    const { text } = await run(ids.alice, 'verify');
    expect(text).toContain('Discord refused to change alice');
    expect(text).toContain('Manage Roles');
  });

  it('kicks, bans and times out for a moderator, logging each to the moderation channel', async () => {
    const target = fake.putMember(guild, { username: 'troll' });
    expect(
      (
        await run(ids.mod, 'mute', [
          { name: 'member', type: USER, value: target.user.id },
          { name: 'minutes', type: INTEGER, value: 10 },
        ])
      ).text,
    ).toBe('Muted troll for 10 minutes. Reason: No reason given');
    const until = Date.parse(guild.members.get(target.user.id)!.communication_disabled_until!);
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(
      (
        await run(ids.mod, 'kick', [
          { name: 'member', type: USER, value: target.user.id },
          { name: 'reason', type: STRING, value: 'spam' },
        ])
      ).text,
    ).toBe('Kicked troll. Reason: spam');
    expect(guild.members.has(target.user.id)).toBe(false);
    const second = fake.putMember(guild, { username: 'troll2' });
    await run(ids.mod, 'ban', [{ name: 'member', type: USER, value: second.user.id }]);
    expect(guild.bans.has(second.user.id)).toBe(true);
    expect(
      fake.messages
        .filter((message) => message.channelId === logChannel)
        .map((message) => message.content.split(' ')[0]),
    ).toEqual(['**Muted**', '**Kicked**', '**Banned**']);
    expect(activities.entries.map((entry) => entry.type)).toEqual([
      'moderation_mute',
      'moderation_kick',
      'moderation_ban',
    ]);
  });

  it('refuses a member without rights, and a target above the bot, with an ephemeral explanation', async () => {
    const { ack, text } = await run(ids.bob, 'kick', [{ name: 'member', type: USER, value: ids.alice }]);
    expect((ack.data as { flags: number }).flags & EPHEMERAL).toBe(EPHEMERAL);
    expect(text).toContain('Kick Members permission, to use /kick');
    const above = await run(ids.owner, 'ban', [{ name: 'member', type: USER, value: ids.boss }]);
    expect(above.text).toContain('at or above mine');
    expect(guild.members.has(ids.alice) && guild.members.has(ids.boss)).toBe(true);
  });

  it("F5: a role someone with Manage Roles creates under the moderators' name grants no /kick or /ban", async () => {
    const impostor = fake.createRole(guild, 'Moderators', 6);
    guild.members.get(ids.bob)!.roles = [impostor.id];
    // The bot hears of the new role and records it, so the API now sees two roles of that name.
    await vi.waitFor(async () =>
      expect((await directory.read(guild.id))?.roles.filter((role) => role.name === 'Moderators')).toHaveLength(2),
    );
    const victim = fake.putMember(guild, { username: 'victim' });
    const kick = await run(ids.bob, 'kick', [{ name: 'member', type: USER, value: victim.user.id }]);
    expect(kick.text).toContain('Kick Members permission, to use /kick');
    const ban = await run(ids.bob, 'ban', [{ name: 'member', type: USER, value: victim.user.id }]);
    expect(ban.text).toContain('Ban Members permission, to use /ban');
    expect(guild.members.has(victim.user.id) && !guild.bans.has(victim.user.id)).toBe(true);
  });

  it('queues a role sync when a member joins a server with autoRoleSync on', async () => {
    setConfig(configs, guild.id, { autoRoleSync: true });
    const joined = fake.memberJoins(guild, { username: 'newcomer' });
    await expect.poll(() => queued).toEqual([{ guildId: guild.id, discordUserId: joined.user.id }]);
  });
});

describe('sharding (BOT_SHARDS=2)', () => {
  it('runs both shards in one client, each reporting itself online with its own guilds', async () => {
    const owner = snowflake();
    const guilds = [0, 1].map((shard) =>
      fake.addGuild({
        name: `Shard ${shard} guild`,
        ownerId: owner,
        botPermissions: 0n,
        botRolePosition: 1,
        shard: [shard, 2],
      }),
    );
    const client = createDiscordClient({
      restApi: `${fake.url}/api`,
      waitGuildTimeoutMs: 1000,
      shards: { ids: [0, 1], count: 2 },
    });
    const { bot, state } = inMemoryBot(client, [0, 1]);
    await bot.start(fake.token);
    try {
      expect([...state.shards.keys()].sort()).toEqual([0, 1]);
      expect([...state.shards.values()].every((shard) => shard.online)).toBe(true);
      for (const [shard, guild] of guilds.entries()) expect(state.guilds.get(guild.id)?.shardId).toBe(shard);
    } finally {
      await bot.stop();
    }
    expect([...state.shards.values()].some((shard) => shard.online)).toBe(false);
  });
});

describe('registered commands that differ from the registry', () => {
  it('are left as they are at start, with a warning naming each difference', async () => {
    await deployCommands({ restApi: `${fake.url}/api`, token: fake.token });
    // An older release: /announce missing, /kick described differently, a command since removed.
    fake.commands = [
      ...fake.commands
        .filter((command) => command.name !== 'announce')
        .map((command) => (command.name === 'kick' ? { ...command, description: 'Kick someone' } : command)),
      { name: 'ping', description: 'Pong', type: 1, id: snowflake() },
    ];
    const before = structuredClone(fake.commands);
    const puts = fake.requestsTo('PUT', /\/commands$/).length;
    const warnings: { msg: string; drift?: string[] }[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
    const { bot } = inMemoryBot(
      createDiscordClient({ restApi: `${fake.url}/api`, waitGuildTimeoutMs: 1000 }),
      [0],
      logger,
    );
    await bot.start(fake.token);
    try {
      expect(warnings.find((line) => line.drift)).toMatchObject({
        msg: 'registered slash commands differ from the registry: run npm run bot:deploy-commands',
        drift: [
          '/kick differs from the registry',
          '/announce is not registered',
          '/ping is registered but not in the registry',
        ],
      });
      expect(fake.requestsTo('PUT', /\/commands$/)).toHaveLength(puts);
      expect(fake.commands).toEqual(before);
    } finally {
      await bot.stop();
    }
  });
});
