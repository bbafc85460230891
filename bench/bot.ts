/**
 * The bot under load, through the real discord.js client and the real bot process wiring against the fake Discord
 * and the fake Roblox on loopback, with PostgreSQL for state, configuration and pg-boss:
 *  1. interaction → acknowledgement: the time from the gateway dispatch of INTERACTION_CREATE to the deferred
 *     callback arriving at the fake's REST endpoint, over N /verify interactions (p50, p99); baseline: a bare `ws`
 *     client answering the same dispatches with one fetch (the floor set by the fake, loopback and this machine);
 *  2. role syncs per second for a guild whose M members (linked and verified) join at once with autoRoleSync on:
 *     every GUILD_MEMBER_ADD → pg-boss job (deduplicated, bounded per guild) → sync → PATCH on the fake; baseline:
 *     the same SyncMemberRoles called directly with the same concurrency, without the queue.
 * Needs DATABASE_URL (a scratch database is created on that server and dropped after), or runs an embedded
 * PostgreSQL in a temporary directory. Usage: npm run bench:bot [-- interactions members]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import WebSocket from 'ws';
import { inRequestContext, migrate, openDatabase, type Orm } from '@groupflow/adapters/persistence/database';
import { startEmbeddedPostgres } from '@groupflow/adapters/persistence/embeddedPostgres';
import { withScratchDatabase } from '@groupflow/adapters/persistence/scratchDatabase';
import { entityManager } from '@groupflow/adapters/persistence/entityManager';
import { GroupRank, User } from '@groupflow/adapters/persistence/entities/index';
import { MikroOrmServerConfigs } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { bits, FakeDiscord, snowflake, type FakeGuild } from '@groupflow/adapters/testing/FakeDiscord';
import { FakeRobloxServer } from '@groupflow/adapters/testing/FakeRobloxServer';
import { loadConfig } from '../services/src/config.ts';
import { buildBotContainer } from '../services/src/bot.ts';
import { resolve, TOKENS } from '../services/src/containers/tokens.ts';

const interactions = Number(process.argv[2] ?? 1000);
const members = Number(process.argv[3] ?? 10_000);
const CONCURRENT_INTERACTIONS = 10;
const GROUP_ID = '777';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

/** Runs `count` interactions, `CONCURRENT_INTERACTIONS` at a time, and returns their acknowledgement latencies. */
async function acknowledgementLatencies(
  discord: FakeDiscord,
  guild: FakeGuild,
  userId: string,
  count: number,
): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENT_INTERACTIONS }, async () => {
      while (next < count) {
        next++;
        const interaction = discord.interact(guild, userId, 'verify');
        latencies.push((await interaction.acknowledged).latencyMs);
        await interaction.edited;
      }
    }),
  );
  return latencies;
}

/** The floor: a raw gateway client that acknowledges each interaction with one fetch, no library, no database. */
async function bareResponder(discord: FakeDiscord): Promise<WebSocket> {
  const socket = new WebSocket(discord.url.replace(/^http/, 'ws'));
  await new Promise<void>((resolve) => {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { op: number; t?: string; d: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- gateway frames are free-form JSON
      if (frame.op === 10)
        socket.send(JSON.stringify({ op: 2, d: { token: discord.token, intents: 0, properties: {} } }));
      if (frame.t === 'READY') resolve();
      if (frame.t === 'INTERACTION_CREATE') {
        const base = `${discord.url}/api/v10`;
        void fetch(`${base}/interactions/${frame.d.id}/${frame.d.token}/callback`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ type: 5, data: { flags: 64 } }),
        }).then(() =>
          fetch(`${base}/webhooks/${frame.d.application_id}/${frame.d.token}/messages/%40original`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ content: 'ok' }),
          }),
        );
      }
    });
  });
  return socket;
}

async function seed(orm: Orm, roblox: FakeRobloxServer, count: number): Promise<string[]> {
  const ids: string[] = [];
  const rows = [];
  for (let i = 0; i < count; i++) {
    const discordId = snowflake();
    const robloxId = String(5_000_000 + i);
    ids.push(discordId);
    roblox.addUser({ id: robloxId, name: `player${i}` });
    roblox.join(robloxId, GROUP_ID, i % 2 ? '1' : '2');
    rows.push({ username: `member${i}`, discordId, robloxId, robloxUsername: `player${i}`, isVerified: true });
  }
  await inRequestContext(orm, async () => {
    const em = entityManager(orm);
    for (let i = 0; i < rows.length; i += 1000) await em.insertMany(User, rows.slice(i, i + 1000));
    await em.insertMany(GroupRank, [
      { groupId: GROUP_ID, rankId: 1, name: 'Private' },
      { groupId: GROUP_ID, rankId: 2, name: 'Corporal' },
    ]);
  });
  return ids;
}

async function withDatabase<T>(use: (url: string) => Promise<T>): Promise<T> {
  if (process.env.DATABASE_URL) return withScratchDatabase(process.env.DATABASE_URL, 'bench_bot', use);
  const dir = await mkdtemp(join(tmpdir(), 'groupflow-bench-bot-'));
  const embedded = await startEmbeddedPostgres(dir, () => {});
  try {
    return await use(embedded.url);
  } finally {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await withDatabase(async (url) => {
  const orm = await openDatabase(url);
  await migrate(orm);
  // A benchmark measures; it reports exchanges off the platform documents rather than failing on them.
  const discord = await new FakeDiscord({ contracts: 'report' }).start();
  const roblox = await new FakeRobloxServer(undefined, { contracts: 'report' }).start();
  roblox.addGroup({
    id: GROUP_ID,
    name: 'Bench Group',
    description: '',
    ownerId: null,
    memberCount: members,
    roles: [
      { id: '1', name: 'Private', rank: 1 },
      { id: '2', name: 'Corporal', rank: 2 },
    ],
  });
  const guild = discord.addGuild({
    name: 'Bench Guild',
    ownerId: snowflake(),
    botPermissions: bits('ManageRoles', 'ManageNicknames', 'SendMessages'),
    botRolePosition: 10,
  });
  const verified = discord.addRole(guild, 'Verified', 1);
  discord.addRole(guild, 'Private', 2);
  discord.addRole(guild, 'Corporal', 3);
  discord.addChannel(guild, 'general');
  const caller = discord.putMember(guild, { username: 'caller' });

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DISCORD_BOT_TOKEN: discord.token,
    DISCORD_BASE_URL: discord.url,
    ROBLOX_API_BASE: roblox.apiBase,
    BOT_WAIT_GUILD_TIMEOUT_MS: '1000',
    JOBS_POLLING_INTERVAL_SECONDS: '0.5',
  });
  const container = buildBotContainer(config, pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' }), orm);
  const bot = resolve(container, TOKENS.DiscordJsBot);
  const jobs = resolve(container, TOKENS.PgBossJobs);
  try {
    // 1. acknowledgement latency: the bare floor first (alone on the gateway), then the bot on the same fake
    const bare = await bareResponder(discord);
    const bareLatencies = await acknowledgementLatencies(discord, guild, caller.user.id, interactions);
    bare.close();
    await bot.start(discord.token);
    await resolve(container, TOKENS.RoleSyncWorker).start(config.bot.shards.ids);
    await acknowledgementLatencies(discord, guild, caller.user.id, 50);
    const botLatencies = await acknowledgementLatencies(discord, guild, caller.user.id, interactions);

    // 2. role syncs for members joining at once
    const ids = await seed(orm, roblox, members);
    await inRequestContext(orm, () =>
      new MikroOrmServerConfigs(orm).save(guild.id, {
        boundGroupId: GROUP_ID,
        autoRoleSync: true,
        nicknameFormat: '{roblox-name}',
      }),
    );
    const done = () => ids.filter((id) => guild.members.get(id)?.roles.includes(verified.id)).length;
    const started = performance.now();
    for (const id of ids) discord.memberJoins(guild, { id, username: `member-${id}` });
    const patience = Date.now() + Math.max(20_000, members * 50);
    while (done() < members && Date.now() < patience) await sleep(200);
    const queuedSeconds = (performance.now() - started) / 1000;
    const synced = done();

    // baseline: the same use case and adapters, no gateway event, no queue
    const sync = resolve(container, TOKENS.SyncMemberRoles);
    for (const id of ids) guild.members.get(id)!.roles = [];
    const sample = ids.slice(0, Math.min(members, 2000));
    let next = 0;
    const baseStarted = performance.now();
    await Promise.all(
      Array.from({ length: config.bot.roleSync.perGuildConcurrency }, async () => {
        while (next < sample.length) {
          const id = sample[next++]!;
          await inRequestContext(orm, () => sync.execute({ guildId: guild.id, discordUserId: id }));
        }
      }),
    );
    const baseSeconds = (performance.now() - baseStarted) / 1000;

    console.log(
      `\nBot benchmark on loopback (fake Discord, fake Roblox, PostgreSQL); a shared 2-core machine: figures are noisy`,
    );
    console.log(
      `\n1. interaction → acknowledgement, ${interactions} /verify interactions, ${CONCURRENT_INTERACTIONS} at a time`,
    );
    console.log(`                         p50         p99`);
    console.log(
      `   GroupFlow bot  ${ms(percentile(botLatencies, 50))}  ${ms(percentile(botLatencies, 99))}   (goal: p99 < 100 ms)`,
    );
    console.log(
      `   bare ws client ${ms(percentile(bareLatencies, 50))}  ${ms(percentile(bareLatencies, 99))}   (baseline: no library, no database)`,
    );
    console.log(
      `\n2. role syncs, ${members} members joining one guild at once (autoRoleSync on, ${config.bot.roleSync.perGuildConcurrency} per guild at once)`,
    );
    console.log(
      `   through pg-boss  ${(synced / queuedSeconds).toFixed(1).padStart(8)} syncs/s   (${synced} of ${members} synced in ${queuedSeconds.toFixed(1)} s)`,
    );
    console.log(
      `   direct calls     ${(sample.length / baseSeconds).toFixed(1).padStart(8)} syncs/s   (baseline: same use case, ${sample.length} members, no queue)`,
    );
    console.log(
      `   Discord itself allows 50 requests/s per bot (2 per sync): about 25 syncs/s against the real service.`,
    );
  } finally {
    await jobs.stop();
    await bot.stop();
    await roblox.stop();
    await discord.stop();
    await orm.close(true);
  }
});
