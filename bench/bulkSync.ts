/**
 * The server-wide role sync under Discord's rate limits (issue 27): a fake Discord on loopback whose buckets allow
 * 10 requests a second (X-RateLimit-* headers, 429 with retry-after beyond), a 2,000-member server where every
 * other member needs a change, and real bot processes (services/src/mainBot.ts) on PostgreSQL and pg-boss. The
 * first bot process is killed (SIGKILL) midway and another is started; the run must finish from its checkpoint.
 * Prints the member-edit bucket's use over the busy time, the 429s, the members edited twice (must be 0) and the
 * total time against the theoretical minimum (edits needed / bucket rate).
 * Needs a PostgreSQL server: DATABASE_URL (a scratch database is created there and dropped after), by default
 * postgres://postgres@127.0.0.1:5432/postgres. Usage: npm run bench:bulk-sync [-- members killAtShare]
 */
import { loadavg } from 'node:os';
import { TriggerServerSync, systemClock } from '@groupflow/core';
import { migrate, openDatabase, inRequestContext } from '@groupflow/adapters/persistence/database';
import { withScratchDatabase } from '@groupflow/adapters/persistence/scratchDatabase';
import { entityManager } from '@groupflow/adapters/persistence/entityManager';
import { GroupRank, User } from '@groupflow/adapters/persistence/entities/index';
import { MikroOrmServerConfigs } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { MikroOrmServerSyncRuns } from '@groupflow/adapters/persistence/discord/MikroOrmServerSyncRuns';
import { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import { PgBossServerSyncQueue } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import { bits, FakeDiscord, snowflake, type RecordedRequest } from '@groupflow/adapters/testing/FakeDiscord';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { loadConfig } from '../services/src/config.ts';
import { startBotProcess, type BotProcess } from '../services/test/botProcess.ts';

const members = Number(process.argv[2] ?? 2000);
/** The share of the needed edits after which the first bot process is killed. */
const killAtShare = Number(process.argv[3] ?? 0.4);
const BUCKET = { limit: 10, windowMs: 1000 };
const RATE = (BUCKET.limit * 1000) / BUCKET.windowMs;
const GROUP = '4242';
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

await withScratchDatabase(adminUrl, 'bench_bulk_sync', async (databaseUrl) => {
  const orm = await openDatabase(databaseUrl);
  await migrate(orm);
  // A benchmark measures; it reports exchanges off the platform documents rather than failing on them.
  const discord = await new FakeDiscord({ rateLimits: BUCKET, contracts: 'report' }).start();
  const roblox = await new FakeRobloxServer(undefined, { contracts: 'report' }).start();
  const bots: BotProcess[] = [];
  let apiJobs: PgBossJobs | undefined;
  try {
    const guild = discord.addGuild({
      name: 'Bench Server',
      ownerId: snowflake(),
      botPermissions: bits('ManageRoles', 'ManageNicknames'),
      botRolePosition: 10,
    });
    const verified = discord.addRole(guild, 'Verified', 1);
    const ranks = [discord.addRole(guild, 'Private', 2), discord.addRole(guild, 'Corporal', 3)];
    roblox.addGroup({
      id: GROUP,
      name: 'Bench Group',
      description: '',
      ownerId: null,
      memberCount: members,
      roles: [
        { id: '1', name: 'Private', rank: 1 },
        { id: '2', name: 'Corporal', rank: 2 },
      ],
    });
    const rows: {
      username: string;
      discordId: string;
      robloxId: string;
      robloxUsername: string;
      isVerified: boolean;
    }[] = [];
    for (let i = 0; i < members; i++) {
      const robloxId = String(8_000_000 + i);
      const rank = ranks[i % 2]!;
      // Every other member already has the roles and nickname of their rank.
      const right = Math.floor(i / 2) % 2 === 0;
      const member = discord.putMember(guild, { username: `member${i}` }, right ? [rank.id, verified.id] : []);
      if (right) member.nick = `player${i}`;
      roblox.addUser({ id: robloxId, name: `player${i}` });
      roblox.join(robloxId, GROUP, String((i % 2) + 1));
      rows.push({
        username: `member${i}`,
        discordId: member.user.id,
        robloxId,
        robloxUsername: `player${i}`,
        isVerified: true,
      });
    }
    const needed = rows.filter((_, i) => Math.floor(i / 2) % 2 === 1).length;
    await inRequestContext(orm, async () => {
      const em = entityManager(orm);
      for (let i = 0; i < rows.length; i += 1000) await em.insertMany(User, rows.slice(i, i + 1000));
      await em.insertMany(GroupRank, [
        { groupId: GROUP, rankId: 1, name: 'Private' },
        { groupId: GROUP, rankId: 2, name: 'Corporal' },
      ]);
      await new MikroOrmServerConfigs(orm).save(guild.id, { boundGroupId: GROUP, nicknameFormat: '{roblox-name}' });
    });

    const env = {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      DISCORD_BOT_TOKEN: discord.token,
      DISCORD_BASE_URL: discord.url,
      ROBLOX_API_BASE: roblox.apiBase,
      BOT_WAIT_GUILD_TIMEOUT_MS: '1000',
      JOBS_POLLING_INTERVAL_SECONDS: '0.5',
    };
    const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'test' });
    apiJobs = new PgBossJobs(orm, { ...config.jobs, supervise: false });
    const runs = new MikroOrmServerSyncRuns(orm);
    const trigger = new TriggerServerSync({
      runs,
      jobs: new PgBossServerSyncQueue(apiJobs, config.bot.serverSync.jobs),
      clock: systemClock,
    });
    const isEdit = (request: RecordedRequest) => request.method === 'PATCH' && /\/members\/\d+$/.test(request.path);
    const edits = () => discord.requests.filter(isEdit);

    bots.push(await startBotProcess(env));
    const started = performance.now();
    await trigger.execute(guild.id);
    while (edits().filter((request) => request.status === 200).length < needed * killAtShare) await sleep(50);
    await bots[0]!.kill('SIGKILL');
    const killedAt = performance.now();
    bots.push(await startBotProcess(env));
    let run = await runs.get(guild.id);
    while (run?.state === 'running') {
      await sleep(200);
      run = await runs.get(guild.id);
    }
    const ended = performance.now();

    const sent = edits();
    const done = sent.filter((request) => request.status === 200);
    const before = sent.filter((request) => request.at < killedAt);
    const after = sent.filter((request) => request.at >= killedAt);
    // Busy time: from each process's first edit to its last, when the bucket could be kept full.
    const busyMs = [before, after]
      .filter((part) => part.length > 1)
      .reduce((sum, part) => sum + (part.at(-1)!.at - part[0]!.at), 0);
    const busyEdits = before.length + after.length - [before, after].filter((part) => part.length > 0).length;
    const perMember = new Map<string, number>();
    for (const request of done) perMember.set(request.path, (perMember.get(request.path) ?? 0) + 1);
    const twice = [...perMember.values()].filter((count) => count > 1).length;
    const restRequests = discord.requests.filter((request) => request.path.startsWith('/api/v10/guilds/'));
    const limited = restRequests.filter((request) => request.status === 429).length;
    const minimumMs = (needed / RATE) * 1000;

    console.log(
      `\nServer-wide role sync on loopback (fake Discord with rate limits, fake Roblox, PostgreSQL, pg-boss)`,
    );
    console.log(
      `load average at the end: ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} (2 shared cores)\n`,
    );
    console.log(
      `server: ${members} members + the bot, ${needed} needing a change; member-edit bucket ${BUCKET.limit} per ${BUCKET.windowMs} ms`,
    );
    console.log(
      `run: ${run?.state}, visited ${run?.visited}, changed ${run?.changed}, unchanged ${run?.unchanged}, failed ${run?.failed}`,
    );
    console.log(`members edited: ${perMember.size} of ${needed}; edited twice: ${twice} (must be 0)`);
    console.log(
      `bucket efficiency over the busy time: ${((busyEdits / (RATE * (busyMs / 1000))) * 100).toFixed(1)} % (${busyEdits} edits in ${seconds(busyMs)}; the bucket allows ${RATE}/s)`,
    );
    console.log(
      `time per bucket window: ${((busyMs / busyEdits) * BUCKET.limit).toFixed(0)} ms (the window is ${BUCKET.windowMs} ms; discord.js adds DISCORD_REST_OFFSET_MS twice to each reset, then the next edit's trip)`,
    );
    console.log(
      `429 answers: ${limited} of ${restRequests.length} guild requests (${((limited / restRequests.length) * 100).toFixed(2)} %)`,
    );
    console.log(
      `bot killed after ${before.length} edits at ${seconds(killedAt - started)}; the restarted process edited again after ${seconds((after[0]?.at ?? ended) - killedAt)}`,
    );
    console.log(
      `total: ${seconds(ended - started)} against the theoretical minimum ${seconds(minimumMs)} (${needed} edits at ${RATE}/s); without the crash gap ${seconds(ended - started - ((after[0]?.at ?? ended) - killedAt))}`,
    );
  } finally {
    for (const bot of bots) await bot.kill('SIGTERM');
    await apiJobs?.stop();
    await roblox.stop();
    await discord.stop();
    await orm.close(true);
  }
});
