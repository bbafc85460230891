/**
 * The bot's composition root end to end: real discord.js against the fake Discord, real PostgreSQL (state,
 * configuration, records, pg-boss jobs), the Roblox adapters against the fake Roblox.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pino from 'pino';
import { inRequestContext, openDatabase, type Orm } from '@groupflow/adapters/persistence/database';
import { entityManager } from '@groupflow/adapters/persistence/entityManager';
import { Activity, Announcement, GroupRank, User } from '@groupflow/adapters/persistence/entities/index';
import { MikroOrmBotState } from '@groupflow/adapters/persistence/discord/MikroOrmBotState';
import { MikroOrmServerConfigs } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { MikroOrmRoleProblemLog } from '@groupflow/adapters/persistence/discord/MikroOrmRoleProblemLog';
import { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import { PgBossRoleSyncQueue } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import { bits, FakeDiscord, snowflake, type FakeGuild, type FakeRole } from '@groupflow/adapters/testing/FakeDiscord';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { loadConfig, type Config } from '../src/config.ts';
import { startBot, type RunningBot } from '../src/bot.ts';
import { queuesDrained } from './jobQueues.ts';

const USER = 6;
const CHANNEL = 7;
const STRING = 3;

describe('the bot process (services/src/bot.ts)', () => {
  const discord = new FakeDiscord();
  const roblox = new FakeRobloxServer();
  let orm: Orm;
  let config: Config;
  let bot: RunningBot | undefined;
  let apiJobs: PgBossJobs;
  let apiQueue: PgBossRoleSyncQueue;
  let guild: FakeGuild;
  const roles: Record<string, FakeRole> = {};
  const ids = { owner: snowflake(), alice: snowflake(), carol: snowflake(), mod: snowflake(), eve: snowflake() };
  let news: string;
  const scoped = <T>(work: () => Promise<T>) => inRequestContext(orm, work);

  beforeAll(async () => {
    await discord.start();
    await roblox.start();
    guild = discord.addGuild({
      name: 'Bound Guild',
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
      ['Verified', 2],
      ['Recruit', 3],
      ['Sergeant', 4],
    ] as const) {
      roles[name] = discord.addRole(guild, name, position);
    }
    // A privileged role whose name a rank of the group shares (F5).
    roles.Mods = discord.addRole(guild, 'Mods', 5, bits('KickMembers', 'BanMembers'));
    news = discord.addChannel(guild, 'news');
    discord.addChannel(guild, 'mod-log');
    discord.putMember(guild, { id: ids.owner, username: 'owner' });
    discord.putMember(guild, { id: ids.alice, username: 'alice' }, [roles.Recruit!.id]);
    discord.putMember(guild, { id: ids.carol, username: 'carol' });
    discord.putMember(guild, { id: ids.mod, username: 'mod' }, [roles.Mods!.id]);
    discord.putMember(guild, { id: ids.eve, username: 'eve' });

    roblox.addUser({ id: '1001', name: 'alice_rbx', displayName: 'Alice' });
    roblox.addUser({ id: '1002', name: 'carol_rbx' });
    roblox.addGroup({
      id: '500',
      name: 'Army',
      description: '',
      ownerId: null,
      memberCount: 2,
      roles: [
        { id: '1', name: 'Recruit', rank: 1 },
        { id: '2', name: 'Sergeant', rank: 50 },
        { id: '3', name: 'Mods', rank: 100 },
      ],
    });
    roblox.addUser({ id: '1004', name: 'eve_rbx' });
    roblox.join('1004', '500', '3');
    roblox.join('1001', '500', '2');
    roblox.addUser({ id: '1003', name: 'dave_rbx' });
    roblox.join('1002', '500', '1');
    roblox.join('1003', '500', '1');

    orm = await openDatabase(inject('databaseUrl'));
    config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:5000',
      DISCORD_BOT_TOKEN: discord.token,
      DISCORD_BASE_URL: discord.url,
      ROBLOX_API_BASE: roblox.apiBase,
      BOT_HEARTBEAT_MS: '200',
      BOT_WAIT_GUILD_TIMEOUT_MS: '1000',
      JOBS_POLLING_INTERVAL_SECONDS: '0.5',
    });
    await scoped(async () => {
      const em = entityManager(orm);
      em.create(User, {
        username: 'alice',
        discordId: ids.alice,
        robloxId: '1001',
        robloxUsername: 'alice_rbx',
        isVerified: true,
      });
      em.create(User, {
        username: 'carol',
        discordId: ids.carol,
        robloxId: '1002',
        robloxUsername: 'carol_rbx',
        isVerified: true,
      });
      em.create(User, {
        username: 'eve',
        discordId: ids.eve,
        robloxId: '1004',
        robloxUsername: 'eve_rbx',
        isVerified: true,
      });
      em.create(GroupRank, { groupId: '500', rankId: 1, name: 'Recruit' });
      em.create(GroupRank, { groupId: '500', rankId: 50, name: 'Sergeant' });
      await em.flush();
      await new MikroOrmServerConfigs(orm).save(guild.id, {
        boundGroupId: '500',
        moderatorRoles: ['mods'],
        moderationLogChannel: 'mod-log',
        nicknameFormat: '[{group-rank}] {roblox-name}',
      });
    });
    // The run's database is shared with other files' bots (botShards leaves shard 1 behind): this bot's state only.
    await orm.em.fork().getConnection().execute('delete from bot_shards');
    bot = await startBot(config, pino({ level: 'silent' }), orm);
    // The API process's own pg-boss, as POST /api/discord/servers/{id}/sync would use it.
    apiJobs = new PgBossJobs(orm, { ...config.jobs, supervise: false });
    apiQueue = new PgBossRoleSyncQueue(apiJobs, config.bot.roleSync);
  });

  afterAll(async () => {
    await apiJobs?.stop();
    await bot?.close();
    await orm?.close(true);
    await roblox.stop();
    await discord.stop();
  });

  const run = async (userId: string, name: string, options: Parameters<FakeDiscord['interact']>[3] = []) =>
    discord.interact(guild, userId, name, options).edited;

  it('does not start without DISCORD_BOT_TOKEN', async () => {
    const { DISCORD_BOT_TOKEN: _token, ...env } = process.env;
    await expect(
      startBot(loadConfig({ ...env, NODE_ENV: 'test' }), pino({ level: 'silent' }), orm),
    ).resolves.toBeUndefined();
  });

  it('registers no commands (bot:deploy-commands does) and writes its state: online shard, heartbeats, the guild with its member count', async () => {
    expect(discord.requestsTo('PUT', /\/commands$/)).toEqual([]);
    expect(discord.requestsTo('GET', /\/commands$/)).toHaveLength(1);
    const state = new MikroOrmBotState(orm);
    const first = await scoped(() => state.read());
    expect(first.shards).toEqual([expect.objectContaining({ shardId: 0, online: true, botName: 'GroupFlow' })]);
    // The database is shared by the integration files: a bot of another file (botShards.int.test.ts's second shard)
    // may have left its guilds there, so only the guilds of this file's Discord are this bot's to write.
    const ours = first.guilds.filter((written) => discord.guilds.has(written.id));
    expect(ours).toEqual([expect.objectContaining({ id: guild.id, name: 'Bound Guild', memberCount: 6 })]);
    await expect
      .poll(
        async () => (await scoped(() => state.read())).shards[0]!.lastHeartbeatAt > first.shards[0]!.lastHeartbeatAt,
      )
      .toBe(true);
  });

  it('/verify through the Roblox adapters: rank role, Verified, nickname, and the command counted', async () => {
    const text = await run(ids.alice, 'verify');
    expect(text).toBe(
      'Verified as alice_rbx (Sergeant).\nRoles added: Sergeant, Verified\nRoles removed: Recruit\nNickname: [Sergeant] alice_rbx',
    );
    expect(new Set(guild.members.get(ids.alice)!.roles)).toEqual(new Set([roles.Sergeant!.id, roles.Verified!.id]));
    const used = await scoped(() => new MikroOrmBotState(orm).commandsUsedSince(new Date(Date.now() - 3_600_000)));
    expect(used.get(guild.id)).toBe(1);
  });

  it('runs syncs queued by the API on pg-boss, collapsing repeated requests for one member', async () => {
    const reads = () => discord.requestsTo('GET', new RegExp(`/members/${ids.carol}$`)).length;
    await Promise.all([1, 2, 3].map(() => apiQueue.enqueue({ guildId: guild.id, discordUserId: ids.carol })));
    await expect.poll(() => guild.members.get(ids.carol)!.nick, { timeout: 10_000 }).toBe('[Recruit] carol_rbx');
    // Every queued request has had its turn: had they not collapsed, each would have read the member again.
    await queuesDrained(orm, 'discord-role-sync-%');
    expect(reads()).toBeGreaterThanOrEqual(1);
    expect(reads()).toBeLessThanOrEqual(2);
    expect(guild.members.get(ids.carol)!.roles).toEqual(
      expect.arrayContaining([roles.Recruit!.id, roles.Verified!.id]),
    );
  });

  it('enqueueForUser fans out to the guilds the user is in', async () => {
    guild.members.get(ids.alice)!.roles = [];
    await apiQueue.enqueueForUser(ids.alice);
    await expect.poll(() => guild.members.get(ids.alice)!.roles.length, { timeout: 10_000 }).toBe(2);
  });

  it('syncs a member who joins when autoRoleSync is on', async () => {
    await scoped(() => new MikroOrmServerConfigs(orm).save(guild.id, { autoRoleSync: true }));
    const newcomer = snowflake();
    await scoped(async () => {
      const em = entityManager(orm);
      em.create(User, { username: 'dave', discordId: newcomer, robloxId: '1003', isVerified: true });
      await em.flush();
    });
    discord.memberJoins(guild, { id: newcomer, username: 'dave' });
    await expect.poll(() => guild.members.get(newcomer)!.nick, { timeout: 10_000 }).toBe('[Recruit] dave_rbx');
    expect(guild.members.get(newcomer)!.roles).toEqual([roles.Recruit!.id, roles.Verified!.id]);
  });

  it('/announce posts and stores; /warn by a moderator is logged and recorded as an activity', async () => {
    expect(
      await run(ids.owner, 'announce', [
        { name: 'channel', type: CHANNEL, value: news },
        { name: 'message', type: STRING, value: 'Raid at 8' },
      ]),
    ).toBe('Announcement posted in #news.');
    expect(
      await run(ids.mod, 'warn', [
        { name: 'member', type: USER, value: ids.alice },
        { name: 'reason', type: STRING, value: 'spam' },
      ]),
    ).toBe('Warned alice. Reason: spam');
    const [announcements, activities] = await scoped(() =>
      Promise.all([
        entityManager(orm).find(Announcement, {}),
        entityManager(orm).find(Activity, { type: 'moderation_warn' }),
      ]),
    );
    expect(announcements.map((row) => [row.message, row.createdBy])).toEqual([['Raid at 8', 'owner']]);
    expect(activities).toHaveLength(1);
    expect(activities[0]!.metadata).toMatchObject({
      guildId: guild.id,
      targetUserId: ids.alice,
      moderatorId: ids.mod,
      reason: 'spam',
    });
  });

  it('F5: a group whose rank is named like a privileged role does not make the bot give that role', async () => {
    // Configured by names before issue 22; the bot converted it at start, binding Recruit and Sergeant by their
    // unique names but not "Mods" (Kick and Ban Members), which it reports instead.
    const stored = await scoped(() => new MikroOrmServerConfigs(orm).get(guild.id));
    expect(stored.rankBinds).toEqual([
      { rankId: 1, roleId: roles.Recruit!.id },
      { rankId: 50, roleId: roles.Sergeant!.id },
    ]);
    expect(stored.moderatorRoles).toEqual([roles.Mods!.id]);
    const text = await run(ids.eve, 'verify');
    expect(text).toContain('Verified as eve_rbx (Mods).');
    expect(guild.members.get(ids.eve)!.roles).toEqual([roles.Verified!.id]);
    const [found] = await scoped(() => new MikroOrmRoleProblemLog(orm).readFor([guild.id]));
    expect(found?.problems).toContainEqual(
      expect.objectContaining({
        kind: 'name',
        name: 'Rank 100 (Mods)',
        reason: expect.stringContaining('Kick Members, Ban Members'),
      }),
    );
  });
});
