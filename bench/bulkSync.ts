/**
 * The server-wide role sync under Discord's rate limits (issues 27 and 35): a fake Discord on loopback whose buckets
 * allow 10 requests a second (X-RateLimit-* headers, 429 with retry-after beyond), a fake Roblox, and real bot
 * processes (services/src/mainBot.ts) on PostgreSQL and pg-boss. Two servers, each on its own scratch database, in
 * the same run so their figures sit side by side:
 * - `rank` (the baseline of issue 27): 2,000 linked members, one group, two rank binds and the verified role.
 * - `binds` (issue 35): 10,000 members, three groups, twenty binds (rank, rankRange, group, verified, game pass,
 *   badge, asset; one with its own nickname template), the unverified role, and a third of the members unlinked
 *   (half of those with an unproven claim). Owned items come from Open Cloud's inventory, one call per account.
 * Every member's wanted roles and nickname come from the pure plan (planMemberSync) the bot uses; every other member
 * starts in line, the rest with none of their roles (one in five with a stale bound role instead). The first bot
 * process is killed (SIGKILL) midway and another is started; the run must finish from its checkpoint.
 * Prints per server the member-edit bucket's use over the busy time, the 429s, the members edited twice, the members
 * not left as the plan wants, the Roblox calls per linked account, and the total time against the theoretical
 * minimum (edits needed / bucket rate). Exits 1 when a server used less than 90 % of the bucket, edited a member
 * twice or left one out of line.
 * Needs a PostgreSQL server: DATABASE_URL (a scratch database is created there and dropped after), by default
 * postgres://postgres@127.0.0.1:5432/postgres.
 * Usage: npm run bench:bulk-sync [-- [rank|binds]… [--scale share] [--kill-at share]]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  planMemberSync,
  systemClock,
  TriggerServerSync,
  type Bind,
  type GuildSnapshot,
  type MemberStanding,
  type ServerConfig,
} from '@groupflow/core';
import { migrate, openDatabase, inRequestContext } from '@groupflow/adapters/persistence/database';
import { withScratchDatabase } from '@groupflow/adapters/persistence/scratchDatabase';
import { entityManager } from '@groupflow/adapters/persistence/entityManager';
import { GroupRank, User } from '@groupflow/adapters/persistence/entities/index';
import { MikroOrmServerConfigs } from '@groupflow/adapters/persistence/discord/MikroOrmServerConfigs';
import { MikroOrmServerSyncRuns } from '@groupflow/adapters/persistence/discord/MikroOrmServerSyncRuns';
import { PgBossJobs } from '@groupflow/adapters/jobs/PgBossJobs';
import { PgBossServerSyncQueue } from '@groupflow/adapters/jobs/PgBossServerSyncQueue';
import {
  bits,
  FakeDiscord,
  snowflake,
  type FakeGuild,
  type RecordedRequest,
} from '@groupflow/adapters/testing/FakeDiscord';
import { FakeRobloxServer, type FakeItemKind } from '@groupflow/adapters/testing/FakeRobloxServer';
import { loadConfig } from '../services/src/config.ts';
import { startBotProcess, type BotProcess } from '../services/test/botProcess.ts';

const BUCKET = { limit: 10, windowMs: 1000 };
const RATE = (BUCKET.limit * 1000) / BUCKET.windowMs;
/** The gate: the share of the member-edit bucket a run must use over its busy time. */
const MIN_BUCKET_USE = 0.9;
const BOT_ROLE_POSITION = 30;
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

interface Group {
  id: string;
  name: string;
  roles: { id: string; name: string; rank: number }[];
}

/** One member's Roblox side: their proof, their role id per group, the items they own (`kind:id`). */
interface Player {
  link: 'proven' | 'claim' | 'none';
  groups: [groupId: string, roleId: string][];
  items: `${FakeItemKind}:${string}`[];
}

interface Scenario {
  name: string;
  members: number;
  groups: Group[];
  /** Discord roles, lowest first. */
  roles: string[];
  config(role: (name: string) => string): Partial<ServerConfig>;
  player(index: number): Player;
  /** Sets ROBLOX_OPEN_CLOUD_KEY, so owned items are read in one inventory call per account. */
  openCloud: boolean;
  /** One in five members needing a change holds a stale bound role instead of none. */
  stale: boolean;
}

/** A Roblox group from its roles as [roleId, name, rank]. */
const group = (id: string, name: string, roles: [string, string, number][]): Group => ({
  id,
  name,
  roles: roles.map(([roleId, roleName, rank]) => ({ id: roleId, name: roleName, rank })),
});
const LEGION = group('5001', 'Legion', [
  ['1', 'Recruit', 1],
  ['2', 'Private', 10],
  ['3', 'Sergeant', 50],
  ['4', 'Captain', 100],
  ['5', 'General', 200],
]);
const ACADEMY = group('5002', 'Academy', [
  ['11', 'Cadet', 1],
  ['12', 'Instructor', 2],
  ['13', 'Dean', 3],
]);
const ALLIES = group('5003', 'Allies', [
  ['21', 'Envoy', 1],
  ['22', 'Ambassador', 50],
  ['23', 'Chancellor', 255],
]);
const BENCH_GROUP = group('4242', 'Bench Group', [
  ['1', 'Private', 1],
  ['2', 'Corporal', 2],
]);
const ITEMS = { gamepass: '9001', badge: '9002', asset: '9003' } as const;
/** A member's [groupId, roleId] in `of`, cycling through its roles. */
const roleAt = (of: Group, index: number): [string, string] => [of.id, of.roles[index % of.roles.length]!.id];

const SCENARIOS: Scenario[] = [
  {
    name: 'rank',
    members: 2000,
    groups: [BENCH_GROUP],
    roles: ['Verified', 'Private', 'Corporal'],
    config: (role) => ({
      boundGroupId: BENCH_GROUP.id,
      verificationRoleId: role('Verified'),
      rankBinds: [
        { rankId: 1, roleId: role('Private') },
        { rankId: 2, roleId: role('Corporal') },
      ],
      nicknameFormat: '{roblox-name}',
    }),
    player: (i) => ({ link: 'proven', groups: [roleAt(BENCH_GROUP, i)], items: [] }),
    openCloud: false,
    stale: false,
  },
  {
    name: 'binds',
    members: 10_000,
    groups: [LEGION, ACADEMY, ALLIES],
    roles: [
      'Unverified',
      'Verified',
      ...[LEGION, ACADEMY].flatMap((group) => group.roles.map((role) => role.name)),
      'Envoy',
      'Officers',
      'Command',
      'Legion',
      'Academy',
      'Faculty',
      'Allies',
      'Diplomat',
      'VIP',
      'Veteran',
      'Collector',
    ],
    config: (role) => {
      const bind = (fields: Omit<Bind, 'id' | 'roleIds'>, name: string): Omit<Bind, 'id'> => ({
        ...fields,
        roleIds: [role(name)],
      });
      const binds: Omit<Bind, 'id'>[] = [
        bind({ kind: 'verified' }, 'Verified'),
        ...LEGION.roles.map((rank) => bind({ kind: 'rank', groupId: LEGION.id, rankId: rank.rank }, rank.name)),
        bind({ kind: 'rankRange', groupId: LEGION.id, minRank: 50, maxRank: 255 }, 'Officers'),
        {
          ...bind({ kind: 'rankRange', groupId: LEGION.id, minRank: 100, maxRank: 255 }, 'Command'),
          nickname: `[{group-rank:${LEGION.id}}] {roblox-name}`,
        },
        bind({ kind: 'group', groupId: LEGION.id }, 'Legion'),
        bind({ kind: 'group', groupId: ACADEMY.id }, 'Academy'),
        ...ACADEMY.roles.map((rank) => bind({ kind: 'rank', groupId: ACADEMY.id, rankId: rank.rank }, rank.name)),
        bind({ kind: 'rankRange', groupId: ACADEMY.id, minRank: 2, maxRank: 3 }, 'Faculty'),
        bind({ kind: 'group', groupId: ALLIES.id }, 'Allies'),
        bind({ kind: 'rankRange', groupId: ALLIES.id, minRank: 50, maxRank: 255 }, 'Diplomat'),
        bind({ kind: 'rank', groupId: ALLIES.id, rankId: 1 }, 'Envoy'),
        bind({ kind: 'gamepass', assetId: ITEMS.gamepass }, 'VIP'),
        bind({ kind: 'badge', assetId: ITEMS.badge }, 'Veteran'),
        bind({ kind: 'asset', assetId: ITEMS.asset }, 'Collector'),
      ];
      return {
        boundGroupId: LEGION.id,
        unverifiedRoleId: role('Unverified'),
        binds: binds.map((each, index) => ({ id: `bench-${index + 1}`, ...each })),
        nicknameFormat: '{roblox-name}',
      };
    },
    player: (i) => ({
      link: i % 3 !== 0 ? 'proven' : i % 6 === 3 ? 'claim' : 'none',
      groups: [
        ...(i % 4 !== 3 ? [roleAt(LEGION, i)] : []),
        ...(i % 3 === 1 ? [roleAt(ACADEMY, Math.floor(i / 3))] : []),
        ...(i % 7 < 3 ? [roleAt(ALLIES, i % 7)] : []),
      ],
      items: [
        ...(i % 4 === 0 ? [`gamepass:${ITEMS.gamepass}` as const] : []),
        ...(i % 6 === 2 ? [`badge:${ITEMS.badge}` as const] : []),
        ...(i % 10 === 5 ? [`asset:${ITEMS.asset}` as const] : []),
      ],
    }),
    openCloud: true,
    stale: true,
  },
];

interface Figures {
  members: number;
  binds: number;
  groups: number;
  unlinked: number;
  needed: number;
  run: string;
  edited: number;
  twice: number;
  outOfLine: number;
  bucketUse: number;
  busyEdits: number;
  busyMs: number;
  windowMs: number;
  limited: number;
  guildRequests: number;
  robloxCalls: number;
  /** Roblox calls by endpoint (ids replaced), busiest first. */
  robloxEndpoints: string;
  linked: number;
  killedAfter: number;
  resumeMs: number;
  totalMs: number;
  minimumMs: number;
  withoutGapMs: number;
}

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    /** Shrinks every server (0.1: a 200- and a 1,000-member server), for a quick try. */
    scale: { type: 'string', default: '1' },
    /** The share of the needed edits after which the first bot process is killed. */
    'kill-at': { type: 'string', default: '0.4' },
  },
});
const scale = Number(options.scale);
const killAtShare = Number(options['kill-at']);
const chosen = positionals.length ? SCENARIOS.filter((each) => positionals.includes(each.name)) : SCENARIOS;
if (!chosen.length) throw new Error(`no such scenario: ${positionals.join(', ')} (known: rank, binds)`);

/** The guild as the plan sees it, built from the fake's own state. */
function snapshotOf(guild: FakeGuild): GuildSnapshot {
  return {
    id: guild.id,
    name: guild.name,
    ownerId: guild.ownerId,
    roles: guild.roles.map((role) => ({
      id: role.id,
      name: role.name,
      position: role.position,
      managed: role.managed ?? false,
      colour: role.colour ?? 0,
      permissions: [],
    })),
    channels: [],
    botHighestPosition: BOT_ROLE_POSITION,
    botPermissions: ['ManageRoles', 'ManageNicknames'],
  };
}

function standingOf(player: Player, robloxId: string, name: string, groups: Group[]): MemberStanding {
  if (player.link === 'none') return { kind: 'unverified', claim: null };
  if (player.link === 'claim') return { kind: 'unverified', claim: { robloxId, name } };
  return {
    kind: 'proven',
    robloxUser: { id: robloxId, name, displayName: name, description: '' },
    createdAt: null,
    groupRoles: player.groups.map(([groupId, roleId]) => {
      const group = groups.find((each) => each.id === groupId)!;
      const role = group.roles.find((each) => each.id === roleId)!;
      return { groupId, groupName: group.name, roleId, roleName: role.name, rank: role.rank };
    }),
    owned: new Set(player.items),
  };
}

function endpoints(paths: string[]): string {
  const counts = new Map<string, number>();
  for (const path of paths) {
    const endpoint = path.split('?')[0]!.replace(/\d+/g, '{id}');
    counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([endpoint, count]) => `${count} ${endpoint}`)
    .join(', ');
}

async function runScenario(scenario: Scenario): Promise<Figures> {
  const members = Math.round(scenario.members * scale);
  return withScratchDatabase(adminUrl, 'bench_bulk_sync', async (databaseUrl) => {
    const orm = await openDatabase(databaseUrl);
    await migrate(orm);
    // A benchmark measures; it reports exchanges off the platform documents rather than failing on them.
    const discord = await new FakeDiscord({ rateLimits: BUCKET, contracts: 'report' }).start();
    const roblox = await new FakeRobloxServer(undefined, { contracts: 'report' }).start();
    const bots: BotProcess[] = [];
    let apiJobs: PgBossJobs | undefined;
    try {
      const guild = discord.addGuild({
        name: `Bench Server (${scenario.name})`,
        ownerId: snowflake(),
        botPermissions: bits('ManageRoles', 'ManageNicknames'),
        botRolePosition: BOT_ROLE_POSITION,
      });
      const roleIds = new Map(scenario.roles.map((name, index) => [name, discord.addRole(guild, name, index + 1).id]));
      const role = (name: string) => roleIds.get(name) ?? '';
      for (const group of scenario.groups)
        roblox.addGroup({ ...group, description: '', ownerId: null, memberCount: members });

      const config = await inRequestContext(orm, async () => {
        const em = entityManager(orm);
        await em.insertMany(
          GroupRank,
          scenario.groups.flatMap((group) =>
            group.roles.map((rank) => ({ groupId: group.id, rankId: rank.rank, name: rank.name })),
          ),
        );
        return new MikroOrmServerConfigs(orm).save(guild.id, scenario.config(role));
      });

      const snapshot = snapshotOf(guild);
      const boundRoles = new Set(
        guild.roles.filter((each) => each.position > 0 && !each.managed).map((each) => each.id),
      );
      const rows: {
        username: string;
        discordId: string;
        robloxId: string;
        robloxUsername: string;
        isVerified: boolean;
      }[] = [];
      /** Discord id → the roles and nickname the plan wants (nickname undefined: the member's own). */
      const wanted = new Map<string, { roles: string[]; nick: string | undefined }>();
      let needed = 0;
      let unlinked = 0;
      for (let i = 0; i < members; i++) {
        const robloxId = String(8_000_000 + i);
        const name = `player${i}`;
        const player = scenario.player(i);
        if (player.link !== 'proven') unlinked += 1;
        const discordId = snowflake();
        const plan = planMemberSync({
          guild: snapshot,
          config,
          member: { id: discordId, username: `member${i}`, globalName: null, nick: null, roleIds: [] },
          standing: standingOf(player, robloxId, name, scenario.groups),
          now: new Date(),
        });
        if (plan.kind !== 'plan') throw new Error(`member ${i} cannot be planned: ${plan.reason}`);
        const roles = plan.edit?.roleIds ?? [];
        const nick = player.link === 'proven' ? plan.edit?.nick : undefined;
        wanted.set(discordId, { roles, nick });
        // Every other pair of members is already in line; the rest need one edit each.
        const right = Math.floor(i / 2) % 2 === 0;
        const stale = scenario.stale && i % 5 === 0 ? [...boundRoles].find((id) => !roles.includes(id)) : undefined;
        const member = discord.putMember(
          guild,
          { id: discordId, username: `member${i}` },
          right ? [...roles] : stale ? [stale] : [],
        );
        if (right) member.nick = nick ?? null;
        else needed += 1;

        roblox.addUser({ id: robloxId, name });
        for (const [groupId, roleId] of player.groups) roblox.join(robloxId, groupId, roleId);
        for (const item of player.items) {
          const [kind, id] = item.split(':') as [FakeItemKind, string];
          roblox.give(robloxId, kind, id);
        }
        if (player.link !== 'none')
          rows.push({
            username: `member${i}`,
            discordId,
            robloxId,
            robloxUsername: name,
            isVerified: player.link === 'proven',
          });
      }
      await inRequestContext(orm, async () => {
        const em = entityManager(orm);
        for (let i = 0; i < rows.length; i += 1000) await em.insertMany(User, rows.slice(i, i + 1000));
      });

      const env = {
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        DISCORD_BOT_TOKEN: discord.token,
        DISCORD_BASE_URL: discord.url,
        ROBLOX_API_BASE: roblox.apiBase,
        ...(scenario.openCloud
          ? { ROBLOX_OPEN_CLOUD_KEY: roblox.openCloudKey, ROBLOX_OPEN_CLOUD_BASE: roblox.url }
          : {}),
        BOT_WAIT_GUILD_TIMEOUT_MS: '1000',
        JOBS_POLLING_INTERVAL_SECONDS: '0.5',
      };
      const settings = loadConfig({ ...process.env, ...env, NODE_ENV: 'test' });
      apiJobs = new PgBossJobs(orm, { ...settings.jobs, supervise: false });
      const runs = new MikroOrmServerSyncRuns(orm);
      const trigger = new TriggerServerSync({
        runs,
        jobs: new PgBossServerSyncQueue(apiJobs, settings.bot.serverSync.jobs),
        clock: systemClock,
      });
      const isEdit = (request: RecordedRequest) => request.method === 'PATCH' && /\/members\/\d+$/.test(request.path);
      const edits = () => discord.requests.filter(isEdit);
      const robloxBefore = roblox.requests.length;

      console.log(`${scenario.name}: ${members} members seeded, ${needed} needing a change; syncing…`);
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
      const restRequests = discord.requests.filter((request) => request.path.startsWith('/api/v10/guilds/'));
      const outOfLine = [...wanted].filter(([id, want]) => {
        const member = guild.members.get(id)!;
        const roles = [...member.roles].sort().join();
        return roles !== [...want.roles].sort().join() || (want.nick !== undefined && member.nick !== want.nick);
      }).length;
      const resumeMs = (after[0]?.at ?? ended) - killedAt;
      return {
        members,
        binds: config.binds.length + config.rankBinds.length,
        groups: scenario.groups.length,
        unlinked,
        needed,
        run: `${run?.state}: ${run?.changed} changed, ${run?.unchanged} unchanged, ${run?.failed} failed`,
        edited: perMember.size,
        twice: [...perMember.values()].filter((count) => count > 1).length,
        outOfLine,
        bucketUse: busyEdits / (RATE * (busyMs / 1000)),
        busyEdits,
        busyMs,
        windowMs: (busyMs / busyEdits) * BUCKET.limit,
        limited: restRequests.filter((request) => request.status === 429).length,
        guildRequests: restRequests.length,
        robloxCalls: roblox.requests.length - robloxBefore,
        robloxEndpoints: endpoints(roblox.requests.slice(robloxBefore)),
        linked: members - unlinked,
        killedAfter: before.length,
        resumeMs,
        totalMs: ended - started,
        minimumMs: (needed / RATE) * 1000,
        withoutGapMs: ended - started - resumeMs,
      };
    } finally {
      for (const bot of bots) await bot.kill('SIGTERM');
      await apiJobs?.stop();
      await roblox.stop();
      await discord.stop();
      await orm.close(true);
    }
  });
}

const results: [Scenario, Figures][] = [];
for (const scenario of chosen) results.push([scenario, await runScenario(scenario)]);

const rows: [string, (figures: Figures) => string][] = [
  ['members', (f) => String(f.members)],
  ['groups / binds', (f) => `${f.groups} / ${f.binds}`],
  ['unlinked or unproven', (f) => String(f.unlinked)],
  ['needing a change', (f) => String(f.needed)],
  ['run', (f) => f.run],
  ['members edited', (f) => `${f.edited} of ${f.needed}`],
  ['edited twice (must be 0)', (f) => String(f.twice)],
  ['not as the plan wants (must be 0)', (f) => String(f.outOfLine)],
  [
    `bucket use over the busy time (≥ ${MIN_BUCKET_USE * 100} %)`,
    (f) => `${percent(f.bucketUse)} (${f.busyEdits} in ${seconds(f.busyMs)})`,
  ],
  [`time per bucket window (${BUCKET.windowMs} ms)`, (f) => `${f.windowMs.toFixed(0)} ms`],
  ['429 answers', (f) => `${f.limited} of ${f.guildRequests} (${percent(f.limited / f.guildRequests)})`],
  ['Roblox calls per linked account', (f) => `${(f.robloxCalls / f.linked).toFixed(2)} (${f.robloxCalls})`],
  ['bot killed after', (f) => `${f.killedAfter} edits`],
  ['edits again after the kill', (f) => seconds(f.resumeMs)],
  ['total / without the crash gap', (f) => `${seconds(f.totalMs)} / ${seconds(f.withoutGapMs)}`],
  [`theoretical minimum (edits at ${RATE}/s)`, (f) => seconds(f.minimumMs)],
];
const width = Math.max(...rows.map(([label]) => label.length));
const columns = results.map(([scenario, figures]) => [scenario.name, ...rows.map(([, show]) => show(figures))]);
const columnWidth = columns.map((column) => Math.max(...column.map((cell) => cell.length)));
const line = (label: string, cells: string[]) =>
  `${label.padEnd(width)}  ${cells.map((cell, index) => cell.padEnd(columnWidth[index]!)).join('  ')}`;

console.log(`\nServer-wide role sync on loopback (fake Discord with rate limits, fake Roblox, PostgreSQL, pg-boss)`);
console.log(
  `load average at the end: ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} (2 shared cores); member-edit bucket ${BUCKET.limit} per ${BUCKET.windowMs} ms\n`,
);
console.log(
  line(
    '',
    columns.map((column) => column[0]!),
  ),
);
rows.forEach(([label], index) =>
  console.log(
    line(
      label,
      columns.map((column) => column[index + 1]!),
    ),
  ),
);
for (const [scenario, figures] of results) console.log(`\n${scenario.name}: Roblox calls ${figures.robloxEndpoints}`);

const missed = results.flatMap(([scenario, figures]) => [
  ...(figures.bucketUse < MIN_BUCKET_USE
    ? [`${scenario.name}: bucket use ${percent(figures.bucketUse)}, below ${percent(MIN_BUCKET_USE)}`]
    : []),
  ...(figures.twice > 0 ? [`${scenario.name}: ${figures.twice} members edited twice`] : []),
  ...(figures.outOfLine > 0 ? [`${scenario.name}: ${figures.outOfLine} members not as the plan wants`] : []),
]);
if (missed.length) {
  console.error(`\nFAILED: ${missed.join('; ')}`);
  process.exitCode = 1;
}
