/**
 * In-game activity tracking under load: simulated game servers of one connected group report session starts and
 * ends (single events, and a bulk end of every open session now and then, as a server shutting down does) while
 * a group manager reads the workspace (stats, activity, sessions and the week's quota progress in turn). Prints events accepted per second and
 * the workspace read's p50/p99, beside a baseline measured in the same run: one game server, and reads with no
 * reports arriving. Roblox itself is the loopback fake. Usage: npm run bench:activity [-- servers seconds]
 */
import { randomUUID } from 'node:crypto';
import { removeDataDir, startServer, waitUntilReady } from '../services/e2e/harness.ts';
import { CustomerBrowser } from '../services/test/customerBrowser.ts';
import { FakeRobloxServer } from '../adapters/testing/FakeRobloxServer.ts';

const servers = Number(process.argv[2] ?? 200);
const seconds = Number(process.argv[3] ?? 8);
const PLAYERS_PER_SERVER = 20;
const BULK_EVERY = 10;
const GROUP = '4242';

// A benchmark measures; it reports exchanges off the platform documents rather than failing on them.
const fake = await new FakeRobloxServer(undefined, { contracts: 'report' }).start();
fake.addUser({ id: '1', name: 'BenchOwner' });
fake.addGroup({
  id: GROUP,
  name: 'Bench Group',
  description: '',
  ownerId: '1',
  memberCount: 5000,
  roles: [{ id: '9', name: 'Owner', rank: 255 }],
});
fake.join('1', GROUP, '9');
fake.oauthUserId = '1';

const server = await startServer({
  env: {
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ROBLOX_API_BASE: fake.apiBase,
    ROBLOX_OAUTH_BASE_URL: `${fake.url}/oauth`,
    ACTIVITY_BULK_MAX_EVENTS: String(PLAYERS_PER_SERVER),
    LOG_LEVEL: 'error',
  },
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** One game server: players join and leave; every BULK_EVERY-th report ends all its open sessions at once. */
interface Counters {
  events: number;
  failures: number;
  /** Failed reports by status, to tell a refusal (409, 429) from an overloaded server (503). */
  statuses: Record<number, number>;
}

async function gameServer(index: number, key: string, until: number, counters: Counters) {
  const open: { userId: number; sessionId: string }[] = [];
  let serial = 0;
  let reports = 0;
  while (Date.now() < until) {
    reports += 1;
    let body: unknown;
    if (reports % BULK_EVERY === 0 && open.length) {
      body = {
        events: open
          .splice(0)
          .map((s) => ({ userId: s.userId, event: 'end', sessionId: s.sessionId, placeId: 1000 + (index % 5) })),
      };
    } else if (open.length < PLAYERS_PER_SERVER && (open.length === 0 || Math.random() < 0.6)) {
      serial += 1;
      const session = {
        userId: 10_000_000 + index * 1000 + (serial % PLAYERS_PER_SERVER),
        sessionId: `b-${index}-${serial}`,
      };
      if (open.some((s) => s.userId === session.userId)) continue;
      open.push(session);
      body = { ...session, username: `Player${session.userId}`, event: 'start', placeId: 1000 + (index % 5) };
    } else {
      const session = open.splice(Math.floor(Math.random() * open.length), 1)[0]!;
      body = { ...session, event: 'end', idleSeconds: 0 };
    }
    // Stamped as the game script stamps every report: a new eventId and the time it is sent.
    const stamp = { eventId: randomUUID(), sentAt: new Date().toISOString() };
    const response = await fetch(`${server.url}/api/roblox/groups/${GROUP}/activity/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ ...(body as object), ...stamp }),
    });
    const answer = (await response.json()) as { accepted?: number };
    if (response.ok) counters.events += answer.accepted ?? 0;
    else {
      counters.failures += 1;
      counters.statuses[response.status] = (counters.statuses[response.status] ?? 0) + 1;
    }
  }
}

/** The manager's workspace reads, one after another, until the deadline. */
async function reader(owner: CustomerBrowser, until: number): Promise<number[]> {
  const latencies: number[] = [];
  const paths = ['stats', 'activity', 'activity/sessions', 'quotas/progress'];
  for (let i = 0; Date.now() < until; i += 1) {
    const started = performance.now();
    const response = await owner.fetch(`/api/roblox/groups/${GROUP}/${paths[i % paths.length]}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`workspace read ${response.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

async function phase(gameServers: number, key: string, owner: CustomerBrowser) {
  const counters: Counters = { events: 0, failures: 0, statuses: {} };
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  const [latencies] = await Promise.all([
    reader(owner, until),
    ...Array.from({ length: gameServers }, (_, i) => gameServer(i, key, until, counters)),
  ]);
  const elapsed = (performance.now() - started) / 1000;
  return {
    eventsPerSecond: counters.events / elapsed,
    failures: counters.failures,
    statuses: Object.entries(counters.statuses)
      .map(([status, count]) => `${count}× ${status}`)
      .join(', '),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    reads: latencies.length,
  };
}

try {
  await waitUntilReady(server);
  const owner = new CustomerBrowser(server.url);
  if ((await owner.signInWithRoblox()) !== '/roblox-login?success=true') throw new Error('owner sign-in failed');
  // The activity key is answered once, when connecting (only its SHA-256 is stored).
  const connected = await owner.json<{ activityKey: string }>('POST', '/api/roblox/groups/connect', {
    groupId: GROUP,
    quotaSystem: true,
  });
  if (connected.status !== 201) throw new Error(`connect: ${connected.status} ${JSON.stringify(connected.body)}`);
  const key = connected.body.activityKey;
  // Quota progress is one of the reads: every member's minutes and sessions of the week, computed per read.
  const quotas = await owner.json('PUT', `/api/roblox/groups/${GROUP}/quotas`, [
    { name: 'Weekly minutes', kind: 'minutes-in-game', amount: 120, rankIds: [255] },
    { name: 'Sessions attended', kind: 'sessions-attended', amount: 2, rankIds: [255] },
  ]);
  if (quotas.status !== 200) throw new Error(`quotas: ${quotas.status} ${JSON.stringify(quotas.body)}`);

  const idle = await phase(0, key, owner);
  const single = await phase(1, key, owner);
  const loaded = await phase(servers, key, owner);

  const row = (label: string, r: typeof idle) =>
    console.log(
      `${label.padEnd(24)} ${r.eventsPerSecond.toFixed(0).padStart(8)} events/s   read p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   (${r.reads} reads, ${r.failures} failed reports${r.statuses ? `: ${r.statuses}` : ''})`,
    );
  console.log(`\nActivity tracking: ${seconds} s per phase, one group, loopback (shared CPU: figures are noisy)`);
  row('baseline: no reports', idle);
  row('baseline: 1 game server', single);
  row(`${servers} game servers`, loaded);
} catch (error) {
  // The server's own account of a failed call is what explains it.
  console.error(server.output().split('\n').slice(-20).join('\n'));
  throw error;
} finally {
  await server.stop();
  await removeDataDir(server.dataDir);
  await fake.stop();
}
