/**
 * The server-wide role sync end to end (issue 27): bot processes (services/src/mainBot.ts, killed with SIGKILL
 * for the crash) against the fake Discord with its rate limits on, real PostgreSQL and pg-boss, the fake Roblox.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { systemClock, TriggerServerSync, type ServerSyncRun } from '@groupflow/core';
import { inRequestContext, openDatabase, type Orm } from '@groupflow/adapters/persistence/database';
import { entityManager } from '@groupflow/adapters/persistence/entityManager';
import { GroupRank, User } from '@groupflow/adapters/persistence/entities/index';
import { MikroOrmServerConfigs } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { MikroOrmServerSyncRuns } from '@groupflow/adapters/persistence/discord/MikroOrmServerSyncRuns';
import { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import { PgBossServerSyncQueue } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import { bits, FakeDiscord, snowflake, type FakeGuild, type FakeRole } from '@groupflow/adapters/testing/FakeDiscord';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { loadConfig } from '../src/config.ts';
import { startBotProcess, type BotProcess } from './botProcess.ts';
import { queuesDrained } from './jobQueues.ts';

const MEMBERS = 40;
const GROUP = '600';
/** Slow enough for a run to be caught midway: 5 member edits a second. */
const BUCKET = { limit: 5, windowMs: 1000 };

describe('server-wide role sync (bot processes, rate-limited fake Discord)', () => {
  const discord = new FakeDiscord({ rateLimits: BUCKET });
  const roblox = new FakeRobloxServer();
  let orm: Orm;
  let env: Record<string, string>;
  let apiJobs: PgBossJobs;
  let trigger: TriggerServerSync;
  let runs: MikroOrmServerSyncRuns;
  let guild: FakeGuild;
  let rank: FakeRole;
  let verified: FakeRole;
  const members: string[] = [];
  const bots: BotProcess[] = [];

  /** Odd members already right; even ones without roles or nickname. */
  const scramble = () =>
    members.forEach((id, index) => {
      const member = guild.members.get(id)!;
      member.roles = index % 2 ? [rank.id, verified.id] : [];
      member.nick = index % 2 ? `rbx${index}` : null;
    });
  const edits = (since: number) =>
    discord.requests.filter(
      (request) => request.method === 'PATCH' && /\/members\/\d+$/.test(request.path) && request.at >= since,
    );
  const finished = async (): Promise<ServerSyncRun> => {
    await expect
      .poll(async () => (await runs.get(guild.id))?.state, { timeout: 60_000, interval: 200 })
      .not.toBe('running');
    return (await runs.get(guild.id))!;
  };
  const startBot = async () => {
    const bot = await startBotProcess(env);
    bots.push(bot);
    return bot;
  };

  beforeAll(async () => {
    await discord.start();
    await roblox.start();
    guild = discord.addGuild({
      name: 'Big Guild',
      ownerId: snowflake(),
      botPermissions: bits('ManageRoles', 'ManageNicknames'),
      botRolePosition: 10,
    });
    verified = discord.addRole(guild, 'Verified', 2);
    rank = discord.addRole(guild, 'Corporal', 3);
    roblox.addGroup({
      id: GROUP,
      name: 'Corps',
      description: '',
      ownerId: null,
      memberCount: MEMBERS,
      roles: [{ id: '2', name: 'Corporal', rank: 2 }],
    });
    for (let index = 0; index < MEMBERS; index++) {
      const id = discord.putMember(guild, { username: `member${index}` }).user.id;
      members.push(id);
      roblox.addUser({ id: String(700_000 + index), name: `rbx${index}` });
      roblox.join(String(700_000 + index), GROUP, '2');
    }
    scramble();

    const databaseUrl = inject('databaseUrl');
    orm = await openDatabase(databaseUrl);
    await inRequestContext(orm, async () => {
      const em = entityManager(orm);
      members.forEach((discordId, index) =>
        em.create(User, {
          username: `member${index}`,
          discordId,
          robloxId: String(700_000 + index),
          robloxUsername: `rbx${index}`,
          isVerified: true,
        }),
      );
      em.create(GroupRank, { groupId: GROUP, rankId: 2, name: 'Corporal' });
      await em.flush();
      await new MikroOrmServerConfigs(orm).save(guild.id, { boundGroupId: GROUP, nicknameFormat: '{roblox-name}' });
    });
    env = {
      DATABASE_URL: databaseUrl,
      DISCORD_BOT_TOKEN: discord.token,
      DISCORD_BASE_URL: discord.url,
      ROBLOX_API_BASE: roblox.apiBase,
      BOT_WAIT_GUILD_TIMEOUT_MS: '1000',
      JOBS_POLLING_INTERVAL_SECONDS: '0.5',
      JOBS_SUPERVISE_INTERVAL_SECONDS: '1',
      SERVER_SYNC_PAGE_SIZE: '10',
      SERVER_SYNC_RETRY_DELAY_SECONDS: '1',
    };
    const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'test' });
    apiJobs = new PgBossJobs(orm, { ...config.jobs, supervise: false });
    runs = new MikroOrmServerSyncRuns(orm);
    trigger = new TriggerServerSync({
      runs,
      jobs: new PgBossServerSyncQueue(apiJobs, config.bot.serverSync.jobs),
      clock: systemClock,
    });
  }, 120_000);

  afterEach(async () => {
    for (const bot of bots.splice(0)) await bot.kill('SIGTERM');
  });

  afterAll(async () => {
    await apiJobs?.stop();
    await orm?.close(true);
    await roblox.stop();
    await discord.stop();
  });

  it('edits only the members who are not right, once each with the full role list, within the rate limit; a second run edits nobody', async () => {
    // Two bot processes on the same shard: only one may work the server's run.
    await Promise.all([startBot(), startBot()]);
    const since = performance.now();
    await trigger.execute(guild.id);
    const run = await finished();
    expect(run).toMatchObject({ state: 'done', total: MEMBERS + 1, visited: MEMBERS + 1, changed: 20, failed: 0 });
    const sent = edits(since);
    expect(sent.map((request) => request.path.split('/').pop()).sort()).toEqual(
      members.filter((_, index) => index % 2 === 0).sort(),
    );
    expect(sent[0]!.body).toEqual({ roles: [rank.id, verified.id], nick: 'rbx0' });
    expect(sent.filter((request) => request.status === 429)).toEqual([]);
    for (const [index, id] of members.entries()) {
      expect(guild.members.get(id)).toMatchObject({ nick: `rbx${index}` });
      expect(new Set(guild.members.get(id)!.roles)).toEqual(new Set([rank.id, verified.id]));
    }
    // Members were read a page at a time.
    expect(discord.requestsTo('GET', new RegExp(`/guilds/${guild.id}/members$`)).length).toBeGreaterThanOrEqual(5);

    const again = performance.now();
    await trigger.execute(guild.id);
    // The bot itself is visited but in no count: every member is already right.
    expect(await finished()).toMatchObject({ state: 'done', visited: MEMBERS + 1, changed: 0, unchanged: MEMBERS });
    expect(edits(again)).toEqual([]);
  }, 120_000);

  it('resumes from the checkpoint in another bot process after one is killed, editing no member twice', async () => {
    scramble();
    const first = await startBot();
    const since = performance.now();
    await trigger.execute(guild.id);
    await expect.poll(() => edits(since).length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(6);
    await first.kill('SIGKILL');
    const killedAt = performance.now();
    const before = edits(since).length;
    expect((await runs.get(guild.id))!.state).toBe('running');

    await startBot();
    const run = await finished();
    expect(run).toMatchObject({ state: 'done', failed: 0 });
    const sent = edits(since).filter((request) => request.status === 200);
    const perMember = new Map<string, number>();
    for (const request of sent) perMember.set(request.path, (perMember.get(request.path) ?? 0) + 1);
    expect([...perMember.values()].filter((count) => count > 1)).toEqual([]);
    expect(perMember.size).toBe(20);
    const resumedAfterMs = sent[before]!.at - killedAt;
    expect(resumedAfterMs).toBeLessThan(60_000);
    for (const id of members) expect(new Set(guild.members.get(id)!.roles)).toEqual(new Set([rank.id, verified.id]));
  }, 120_000);

  it('stops where it is when cancelled; the members after it keep their roles', async () => {
    scramble();
    await startBot();
    const since = performance.now();
    await trigger.execute(guild.id);
    await expect.poll(() => edits(since).length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    const cancelled = await runs.cancel(guild.id, new Date());
    expect(cancelled).toMatchObject({ state: 'cancelled' });
    // The edit in flight may land; none after it. Once the job has ended, no worker is left to edit: had it not
    // stopped at the cancel, it would have ended only after all 20 edits.
    await queuesDrained(orm, 'discord-server-sync-%');
    const sent = edits(since).length;
    expect(sent).toBeLessThan(20);
    expect(await runs.get(guild.id)).toMatchObject({ state: 'cancelled' });
    const untouched = members.filter((id, index) => index % 2 === 0 && guild.members.get(id)!.roles.length === 0);
    expect(untouched.length).toBeGreaterThan(0);
  }, 120_000);
});
