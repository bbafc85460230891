/**
 * Issue 16: the bot spread over processes. Two `npm run start:bot` processes, each running one of two shards
 * (BOT_SHARDS=2, BOT_SHARD_IDS), against the fake Discord and one PostgreSQL; the API, a third party on the
 * same database, aggregates what both report, and a role sync queued by the API runs in the process that holds
 * the guild's shard.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inRequestContext } from '@groupflow/adapters/persistence/database';
import { entityManager } from '@groupflow/adapters/persistence/entityManager';
import { User } from '@groupflow/adapters/persistence/entities/index';
import { MikroOrmBotState } from '@groupflow/adapters/persistence/discord/MikroOrmBotState';
import { MikroOrmServerConfigs } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import { PgBossRoleSyncQueue } from '@groupflow/adapters/jobs/PgBossRoleSyncQueue';
import { bits, FakeDiscord, snowflake, type FakeGuild } from '@groupflow/adapters/testing/FakeDiscord';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { callApi, startTestApi, type TestApi } from './apiHarness.ts';
import { loadConfig } from '../src/config.ts';

const SHARDS = 2;
const mainBot = fileURLToPath(new URL('../src/mainBot.ts', import.meta.url));

describe('two bot processes, one shard each (BOT_SHARDS=2, BOT_SHARD_IDS)', () => {
  const discord = new FakeDiscord();
  const roblox = new FakeRobloxServer();
  const member = snowflake();
  const processes: ChildProcess[] = [];
  const output: string[] = [];
  let guilds: FakeGuild[];
  let api: TestApi;
  let apiJobs: PgBossJobs;

  const startShard = (shardId: number) => {
    const child = spawn(process.execPath, [mainBot], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: inject('databaseUrl'),
        PUBLIC_URL: 'http://localhost:5000',
        DISCORD_BOT_TOKEN: discord.token,
        DISCORD_BASE_URL: discord.url,
        ROBLOX_API_BASE: roblox.apiBase,
        BOT_SHARDS: String(SHARDS),
        BOT_SHARD_IDS: String(shardId),
        BOT_HEARTBEAT_MS: '200',
        BOT_WAIT_GUILD_TIMEOUT_MS: '1000',
        JOBS_POLLING_INTERVAL_SECONDS: '0.5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => output.push(`[shard ${shardId}] ${chunk}`));
    child.stderr!.on('data', (chunk: Buffer) => output.push(`[shard ${shardId}] ${chunk}`));
    processes.push(child);
  };

  beforeAll(async () => {
    await discord.start();
    await roblox.start();
    guilds = [0, 1].map((shard) => {
      const guild = discord.addGuild({
        name: `Shard ${shard} guild`,
        ownerId: snowflake(),
        botPermissions: bits('ManageRoles', 'ManageNicknames'),
        botRolePosition: 10,
        shard: [shard, SHARDS],
      });
      discord.addRole(guild, 'Verified', 2);
      discord.putMember(guild, { id: member, username: 'alice' });
      return guild;
    });
    roblox.addUser({ id: '2001', name: 'alice_rbx' });

    api = await startTestApi({
      DISCORD_BOT_TOKEN: discord.token,
      DISCORD_BASE_URL: discord.url,
      BOT_SHARDS: String(SHARDS),
    });
    await inRequestContext(api.orm, async () => {
      const em = entityManager(api.orm);
      em.create(User, {
        username: 'alice',
        discordId: member,
        robloxId: '2001',
        robloxUsername: 'alice_rbx',
        isVerified: true,
      });
      await em.flush();
      for (const guild of guilds)
        await new MikroOrmServerConfigs(api.orm).save(guild.id, { nicknameFormat: '{roblox-name}' });
    });
    for (let shardId = 0; shardId < SHARDS; shardId++) startShard(shardId);
  });

  afterAll(async () => {
    await apiJobs?.stop();
    await Promise.all(
      processes.map(async (child) => {
        if (child.exitCode !== null) return;
        child.kill('SIGTERM');
        await once(child, 'exit');
      }),
    );
    await api?.close();
    await roblox.stop();
    await discord.stop();
  });

  const shardRows = () => inRequestContext(api.orm, () => new MikroOrmBotState(api.orm).read());

  it('each process reports its own shard online with the guilds Discord routes to it', async () => {
    // A shard reports itself online at READY and its guild list once their GUILD_CREATEs are in.
    await expect
      .poll(
        async () => {
          const state = await shardRows();
          return {
            online: state.shards.filter((shard) => shard.online).map((shard) => shard.shardId),
            guilds: Object.fromEntries(state.guilds.map((guild) => [guild.name, guild.id])),
          };
        },
        { timeout: 30_000 },
      )
      .toEqual({ online: [0, 1], guilds: { 'Shard 0 guild': guilds[0]!.id, 'Shard 1 guild': guilds[1]!.id } });
    // Each process opened its own gateway session, identifying for its shard only.
    expect([...discord.identifies].sort()).toEqual([
      [0, SHARDS],
      [1, SHARDS],
    ]);
  }, 40_000);

  it('the API aggregates both shards: online, and every guild counted', async () => {
    const answer = await callApi<{ isOnline: boolean; guildCount: number }>(api.url, 'GET', '/api/discord/bot-status');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ hasToken: true, isOnline: true, guildCount: 2 });
  });

  it('a role sync queued by the API runs in the process holding the guild, for guilds on either shard', async () => {
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      BOT_SHARDS: String(SHARDS),
      JOBS_POLLING_INTERVAL_SECONDS: '0.5',
    });
    apiJobs = new PgBossJobs(api.orm, { ...config.jobs, supervise: false });
    const queue = new PgBossRoleSyncQueue(apiJobs, config.bot.roleSync);
    await queue.enqueueForUser(member);
    for (const guild of guilds) {
      await expect.poll(() => guild.members.get(member)!.nick, { timeout: 15_000 }).toBe('alice_rbx');
    }
  }, 30_000);

  it('one shard going away leaves the other online and reporting', async () => {
    const first = processes[0]!;
    first.kill('SIGTERM');
    await once(first, 'exit');
    const state = await shardRows();
    expect(state.shards.map(({ shardId, online }) => ({ shardId, online }))).toEqual([
      { shardId: 0, online: false },
      { shardId: 1, online: true },
    ]);
    expect(output.join('')).not.toMatch(/"level":(50|60)/);
  });
});
