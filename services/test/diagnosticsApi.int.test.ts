/**
 * GET /api/health, /api/status and /api/debug over HTTP against real PostgreSQL reached through a TCP relay the
 * test cuts and reopens: the figures follow real requests, the database outage shows as down with an incident,
 * and the incident is completed and stored once the database is back.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import {
  healthReportSchema,
  sessionDebugSchema,
  statusResponseSchema,
  type StatusResponse,
} from '@groupflow/core/contracts';
import { TcpRelay } from '@groupflow/adapters/net/tcpRelay';
import { MikroOrmBotState } from '@groupflow/adapters/persistence/discord/MikroOrmBotState';
import { startTestApi, type TestApi } from './apiHarness.ts';

let api: TestApi;
let relay: TcpRelay;
let fakeRoblox: Server;

async function getJson(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${api.url}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as unknown };
}

const status = async (): Promise<StatusResponse> => statusResponseSchema.parse((await getJson('/api/status')).body);
const service = (answer: StatusResponse, name: string) => answer.services.find((s) => s.name === name);

/** Polls until `accept` holds, so the test follows the background loops instead of sleeping a fixed time. */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in time; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  // Roblox is not reachable from the test machine: a loopback server answers for its users API.
  fakeRoblox = createServer((_req, res) => res.writeHead(200).end('ok'));
  await new Promise<void>((resolve) => fakeRoblox.listen(0, '127.0.0.1', resolve));
  const robloxPort = (fakeRoblox.address() as { port: number }).port;

  const target = new URL(inject('databaseUrl'));
  relay = new TcpRelay({ host: target.hostname, port: Number(target.port || 5432) });
  await relay.open();
  target.hostname = '127.0.0.1';
  target.port = String(relay.port);
  api = await startTestApi(
    {
      HEALTH_PROBE_INTERVAL_MS: '100',
      HEALTH_DB_TIMEOUT_MS: '1000',
      STATUS_CHECK_INTERVAL_MS: '200',
      STATUS_CHECK_TIMEOUT_MS: '1000',
      ROBLOX_API_BASE: `http://127.0.0.1:${robloxPort}/{service}`,
    },
    target.toString(),
  );
});

afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => fakeRoblox?.close(resolve));
});

describe('diagnostics API', () => {
  it('answers health from the probe with its time, and the caller session without secrets', async () => {
    const health = healthReportSchema.parse((await getJson('/api/health')).body);
    expect(health).toMatchObject({ status: 'ok', database: 'connected' });
    expect(Date.now() - Date.parse(health.checkedAt)).toBeLessThan(2000);

    const debug = sessionDebugSchema.parse((await getJson('/api/debug')).body);
    expect(debug.session).toMatchObject({ authenticated: false, userId: null, identities: [], ageSeconds: null });
  });

  it('reports every service, and request figures that follow real requests', async () => {
    const first = await eventually(status, (s) =>
      s.services.every((x) => x.status !== 'unknown' || x.name === 'Discord Bot'),
    );
    expect(first.services.map((s) => s.name)).toEqual(['API', 'Database', 'Discord Bot', 'Roblox APIs', 'Email']);
    expect(service(first, 'Roblox APIs')?.status).toBe('operational');
    const [counts] = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ bots: string; users: string }[]>(
        `select (select count(*) from bots) as bots,
              (select count(distinct data->>'customerId') from customer_sessions where expires_at > now()) as users`,
      );
    expect(first.metrics).toMatchObject({
      totalBots: Number(counts!.bots),
      activeBots: 0,
      connectedUsers: Number(counts!.users),
    });

    const before = first.metrics.totalRequests;
    for (let i = 0; i < 5; i += 1) await fetch(`${api.url}/api/health`);
    await fetch(`${api.url}/api/no-such-route`);
    const after = await status();
    // The five polls, the 404 and the first status call itself.
    expect(after.metrics.totalRequests).toBe(before + 7);
    expect(after.metrics.successRate).toBe(100);
    expect(after.metrics.avgResponseTime).toBeGreaterThan(0);
  });

  it('shows the Discord bot connected once a shard reports in (as the setup check sees it), and counts bots', async () => {
    // The run's database is shared with other files' bots, whose shards and guilds would count here: start with none.
    await api.orm.em.fork().getConnection().execute('delete from bot_shards; delete from bot_guilds');
    const before = await eventually(status, (s) => service(s, 'Discord Bot')?.status === 'unknown');
    await api.orm.em
      .fork()
      .getConnection()
      .execute(`insert into bots (name, token, is_online, last_online) values ('Heartbeat bot', 'x', true, now())`);
    await new MikroOrmBotState(api.orm).reportOnline({ shardId: 0, botUserId: '1', botName: 'GroupFlow' }, new Date());
    const after = await eventually(status, (s) => service(s, 'Discord Bot')?.status === 'operational');
    expect(service(after, 'Discord Bot')?.detail).toBe('Online in 0 servers');
    expect(after.metrics.activeBots).toBe((before.metrics.activeBots ?? 0) + 1);
    expect(after.metrics.totalBots).toBe((before.metrics.totalBots ?? 0) + 1);
  });

  it('shows the database down with an incident while it is stopped, and completes the incident once it is back', async () => {
    await relay.cut();
    const down = await eventually(status, (s) => service(s, 'Database')?.status === 'down');
    expect(down.overall).toBe('down');
    const incident = down.incidents.find((i) => i.service === 'Database');
    expect(incident).toMatchObject({ title: 'Database outage', severity: 'critical', status: 'investigating' });

    // A call that needs the database now fails fast with 503 (not a 500), which the success rate counts.
    const failed = await fetch(`${api.url}/api/staff/settings`, { headers: { Authorization: 'Bearer some-token' } });
    expect(failed.status).toBe(503);
    expect((await status()).metrics.successRate).toBeLessThan(100);

    await relay.open(relay.port);
    const health = await eventually(
      async () => healthReportSchema.parse((await getJson('/api/health')).body),
      (h) => h.database === 'connected',
    );
    expect(health.recovery.state).toBe('recovered');
    expect(health.recovery.lastOutage?.durationMs).toBeGreaterThan(0);

    const back = await eventually(status, (s) =>
      s.incidents.some((i) => i.id === incident!.id && i.status === 'completed'),
    );
    expect(service(back, 'Database')?.status).toBe('operational');
    const stored = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ status: string; updates: { message: string }[] }[]>(
        'select status, updates from incidents where id = ?',
        [incident!.id],
      );
    expect(stored[0]?.status).toBe('completed');
    expect(stored[0]?.updates.map((u) => u.message)).toEqual([
      expect.stringMatching(/^Database is down/),
      'Database is operational again',
    ]);
  });
});
