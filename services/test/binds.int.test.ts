/**
 * Binds and verification through the bot process (issue 35): real discord.js against the fake Discord, real
 * PostgreSQL and pg-boss, the Roblox adapters against the fake Roblox (inventory answered in the documents' shapes).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pino from 'pino';
import { systemClock, TriggerServerSync, VERIFY_BUTTON, type ServerSyncRun } from '@groupflow/core';
import { inRequestContext, openDatabase, type Orm } from '@groupflow/adapters/persistence/database';
import { entityManager } from '@groupflow/adapters/persistence/entityManager';
import { User } from '@groupflow/adapters/persistence/entities/index';
import { MikroOrmServerConfigs } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { MikroOrmServerSyncRuns } from '@groupflow/adapters/persistence/discord/MikroOrmServerSyncRuns';
import { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import { PgBossRoleSyncQueue } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import { PgBossServerSyncQueue } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import { bits, FakeDiscord, snowflake, type FakeGuild, type FakeRole } from '@groupflow/adapters/testing/FakeDiscord';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { loadConfig } from '../src/config.ts';
import { startBot, type RunningBot } from '../src/bot.ts';

const GROUP = '700';
const GAME_PASS = '4242';
const UNLINKED = 6;

describe('binds and verification through the bot (issue 35)', () => {
  const discord = new FakeDiscord();
  const roblox = new FakeRobloxServer();
  let orm: Orm;
  let bot: RunningBot | undefined;
  let apiJobs: PgBossJobs;
  let roleSync: PgBossRoleSyncQueue;
  let trigger: TriggerServerSync;
  let runs: MikroOrmServerSyncRuns;
  let guild: FakeGuild;
  let verifyChannel: string;
  const roles: Record<string, FakeRole> = {};
  const ids = { owner: snowflake(), alice: snowflake(), bob: snowflake(), staff: snowflake(), music: snowflake() };
  const unlinked = Array.from({ length: UNLINKED }, () => snowflake());
  const scoped = <T>(work: () => Promise<T>) => inRequestContext(orm, work);
  const configs = () => new MikroOrmServerConfigs(orm);
  const roleNames = (userId: string) =>
    guild.members
      .get(userId)!
      .roles.map((id) => guild.roles.find((role) => role.id === id)!.name)
      .sort();
  const finished = async (): Promise<ServerSyncRun> => {
    await expect
      .poll(async () => (await scoped(() => runs.get(guild.id)))?.state, { timeout: 30_000, interval: 200 })
      .toBe('done');
    return (await scoped(() => runs.get(guild.id)))!;
  };

  beforeAll(async () => {
    await discord.start();
    await roblox.start();
    guild = discord.addGuild({
      name: 'Binds Guild',
      ownerId: ids.owner,
      botPermissions: bits('ManageRoles', 'ManageNicknames', 'SendMessages'),
      botRolePosition: 10,
    });
    for (const [name, position] of [
      ['Unverified', 1],
      ['Verified', 2],
      ['Soldier', 3],
      ['VIP', 4],
    ] as const)
      roles[name] = discord.addRole(guild, name, position);
    roles.Staff = discord.addRole(guild, 'Staff', 6, bits('ManageGuild'));
    verifyChannel = discord.addChannel(guild, 'verify');
    discord.putMember(guild, { id: ids.owner, username: 'owner' });
    discord.putMember(guild, { id: ids.alice, username: 'alice' });
    discord.putMember(guild, { id: ids.bob, username: 'bob' }, [roles.Soldier!.id, roles.Verified!.id]);
    discord.putMember(guild, { id: ids.staff, username: 'staff' }, [roles.Staff!.id]);
    discord.putMember(guild, { id: ids.music, username: 'music', bot: true });
    for (const id of unlinked) discord.putMember(guild, { id, username: `lurker${id.slice(-4)}` });

    roblox.addGroup({
      id: GROUP,
      name: 'Legion',
      description: '',
      ownerId: null,
      memberCount: 2,
      roles: [{ id: '71', name: 'Soldier', rank: 10 }],
    });
    roblox.addUser({ id: '3501', name: 'alice_rbx' });
    roblox.addUser({ id: '3502', name: 'bob_rbx' });
    roblox.join('3501', GROUP, '71');
    roblox.join('3502', GROUP, '71');
    roblox.give('3501', 'gamepass', GAME_PASS);

    orm = await openDatabase(inject('databaseUrl'));
    const config = loadConfig({
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
        robloxId: '3501',
        robloxUsername: 'alice_rbx',
        isVerified: true,
      });
      em.create(User, {
        username: 'bob',
        discordId: ids.bob,
        robloxId: '3502',
        robloxUsername: 'bob_rbx',
        isVerified: true,
      });
      await em.flush();
      await configs().save(guild.id, {
        unverifiedRoleId: roles.Unverified!.id,
        verificationRoleId: roles.Verified!.id,
        nicknameFormat: '{roblox-name}',
        verificationChannelId: verifyChannel,
        binds: [
          { id: 'soldier', kind: 'group', groupId: GROUP, roleIds: [roles.Soldier!.id] },
          { id: 'vip', kind: 'gamepass', assetId: GAME_PASS, roleIds: [roles.VIP!.id] },
        ],
      });
    });
    await orm.em.fork().getConnection().execute('delete from bot_shards');
    bot = await startBot(config, pino({ level: 'silent' }), orm);
    apiJobs = new PgBossJobs(orm, { ...config.jobs, supervise: false });
    roleSync = new PgBossRoleSyncQueue(apiJobs, config.bot.roleSync);
    runs = new MikroOrmServerSyncRuns(orm);
    trigger = new TriggerServerSync({
      runs,
      jobs: new PgBossServerSyncQueue(apiJobs, config.bot.serverSync.jobs),
      clock: systemClock,
    });
  }, 60_000);

  afterAll(async () => {
    await apiJobs?.stop();
    await bot?.close();
    await orm?.close(true);
    await roblox.stop();
    await discord.stop();
  });

  const verifyMessages = () =>
    discord.messages.filter(
      (message) =>
        message.channelId === verifyChannel && JSON.stringify(message.components).includes('groupflow:verify'),
    );

  it('posts one Verify message in the verification channel at start, and posts it again once deleted', async () => {
    await expect.poll(() => verifyMessages().length, { timeout: 10_000 }).toBe(1);
    expect(JSON.stringify(verifyMessages()[0]!.components)).toContain('"label":"Verify"');
    discord.deleteMessage(guild, verifyMessages()[0]!);
    await expect.poll(() => verifyMessages().length, { timeout: 10_000 }).toBe(1);
    // Looked for before posting: a second check finds the message and posts nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(verifyMessages()).toHaveLength(1);
  });

  it('answers a press of Verify privately: the roles of an item bind read from the inventory API', async () => {
    const pressed = discord.pressButton(guild, ids.alice, verifyMessages()[0]!, VERIFY_BUTTON.customId);
    expect((await pressed.acknowledged).data).toMatchObject({ flags: 64 });
    expect(await pressed.edited).toContain('Verified as alice_rbx');
    expect(roleNames(ids.alice)).toEqual(['Soldier', 'VIP', 'Verified']);
    expect(roblox.requests).toContain(`GET /inventory/v1/users/3501/items/1/${GAME_PASS}/is-owned`);
  });

  it('answers a press by a member with no account with the link to prove one, and gives Unverified', async () => {
    const pressed = discord.pressButton(guild, unlinked[0]!, verifyMessages()[0]!, VERIFY_BUTTON.customId);
    expect(await pressed.edited).toContain('http://localhost:5000/verify');
    expect(roleNames(unlinked[0]!)).toEqual(['Unverified']);
  });

  it('gives every unlinked member the unverified role in the server-wide sync, asking Roblox about linked ones only', async () => {
    const before = roblox.requests.length;
    await scoped(() => trigger.execute(guild.id));
    const run = await finished();
    for (const id of unlinked) expect(roleNames(id)).toEqual(['Unverified']);
    expect(roleNames(ids.bob)).toEqual(['Soldier', 'Verified']);
    // Bots (GroupFlow, another integration) and the owner nobody may change are left alone, not failures.
    expect(roleNames(ids.music)).toEqual([]);
    expect(roleNames(ids.staff)).toEqual(['Staff', 'Unverified']);
    expect(run).toMatchObject({ failed: 0 });
    // Alice's profile may come from the cache her /verify filled; nobody unlinked is looked up.
    const asked = roblox.requests.slice(before).filter((path) => path.startsWith('GET /users/v1/users/'));
    expect(asked).toContain('GET /users/v1/users/3502');
    expect(asked.filter((path) => !/\/(3501|3502)$/.test(path))).toEqual([]);
  });

  it('takes the bound roles of a member whose link is removed and gives Unverified', async () => {
    await scoped(async () => {
      const em = entityManager(orm);
      const bob = await em.findOneOrFail(User, { discordId: ids.bob });
      bob.robloxId = null;
      bob.robloxUsername = null;
      bob.isVerified = false;
      await em.flush();
    });
    // What unlinking (DELETE /api/user/link-roblox) and a ban ask for: a sync in every server the user is in.
    await roleSync.enqueueForUser(ids.bob);
    await expect.poll(() => roleNames(ids.bob), { timeout: 10_000 }).toEqual(['Unverified']);
  });

  it('/binds lists the binds to a member with Manage Server, and to nobody else', async () => {
    const listing = await discord.interact(guild, ids.staff, 'binds').edited;
    expect(listing).toContain('2 binds in Binds Guild');
    expect(listing).toContain(`member of group ${GROUP} → @Soldier`);
    expect(listing).toContain(`owns game pass ${GAME_PASS} → @VIP`);
    expect(listing).toContain('Unverified members get @Unverified.');
    expect(await discord.interact(guild, ids.alice, 'binds').edited).toBe(
      'Only admins of this server (an admin role or Manage Server) can list its binds.',
    );
  });
});
