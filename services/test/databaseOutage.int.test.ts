/**
 * A database outage under load: the API runs on its own embedded PostgreSQL while visitors keep filing tickets and
 * reading /api/health; PostgreSQL is stopped for 10 seconds and started again. While it is down every call fails
 * fast (503 within 2 s, saying the database is unavailable, never a 500) and /api/health says disconnected;
 * afterwards the same server process recovers, and every ticket acknowledged before the outage is still there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase } from '@groupflow/adapters/persistence/database';
import { startEmbeddedPostgres, type RunningEmbeddedPostgres } from '@groupflow/adapters/persistence/embeddedPostgres';
import { TcpRelay } from '@groupflow/adapters/net/tcpRelay';
import { startTestApi, type TestApi } from './apiHarness.ts';

const OUTAGE_MS = 10_000;
const FAIL_FAST_MS = 2000;
const WORKERS = 8;

let dataDir: string;
let postgres: RunningEmbeddedPostgres;
/** The address the API knows; PostgreSQL comes back on another port, so the relay keeps this one stable. */
let relay: TcpRelay;
let api: TestApi;

const portOf = (url: string) => Number(new URL(url).port);

async function startPostgres(): Promise<RunningEmbeddedPostgres> {
  // The temporary directory itself: it is the one startEmbeddedPostgres opens to the postgres user when run as root.
  return startEmbeddedPostgres(dataDir, () => undefined);
}

interface Outcome {
  at: number;
  ms: number;
  status: number;
  message?: string;
  id?: number;
  subject: string;
}

let sequence = 0;
async function fileTicket(): Promise<Outcome> {
  sequence += 1;
  const subject = `Outage ${sequence}`;
  const started = Date.now();
  try {
    const response = await fetch(`${api.url}/api/support/create-public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Vera',
        email: 'vera@example.test',
        subject,
        message: 'Still there?',
        priority: 'low',
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as { id?: number; message?: string };
    return {
      at: started,
      ms: Date.now() - started,
      status: response.status,
      message: body.message,
      id: body.id,
      subject,
    };
  } catch (error) {
    return { at: started, ms: Date.now() - started, status: 0, message: (error as Error).message, subject };
  }
}

async function health(): Promise<string | undefined> {
  const response = await fetch(`${api.url}/api/health`, { signal: AbortSignal.timeout(5000) });
  return ((await response.json()) as { database?: string }).database;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'groupflow-outage-'));
  postgres = await startPostgres();
  const orm = await openDatabase(postgres.url);
  await migrate(orm);
  await orm.close(true);
  relay = new TcpRelay({ host: '127.0.0.1', port: portOf(postgres.url) });
  await relay.open();
  const url = new URL(postgres.url);
  url.port = String(relay.port);
  api = await startTestApi({ HEALTH_PROBE_INTERVAL_MS: '200', HEALTH_DB_TIMEOUT_MS: '1000' }, url.toString());
}, 120_000);

/** How long closing may take before the suite gives up on it (see afterAll). */
const CLOSE_WAIT_MS = 10_000;

afterAll(async () => {
  // Known gap: after the outage the ORM's pool does not finish closing (a connection checked out while PostgreSQL
  // went away is never handed back), so closing is bounded rather than awaited to the end.
  const closing = api?.close().catch(() => undefined);
  const closed = await Promise.race([
    closing?.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CLOSE_WAIT_MS)),
  ]);
  if (!closed)
    console.warn('database outage: the API did not close within 10 s after the outage (pool connection not released)');
  await postgres?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a database outage under load', () => {
  it('fails fast with 503 while PostgreSQL is down and recovers without a restart, losing no acknowledged write', async () => {
    const outcomes: Outcome[] = [];
    let running = true;
    const workers = Array.from({ length: WORKERS }, async () => {
      while (running) {
        const outcome = await fileTicket();
        outcomes.push(outcome);
        // A refused call comes back at once; a short pause keeps the workers from spinning.
        if (outcome.status !== 201) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });

    // Load is flowing once every worker could have filed a ticket: the cut then lands on writes in flight.
    await expect
      .poll(() => outcomes.filter((outcome) => outcome.status === 201).length, { timeout: 15_000, interval: 50 })
      .toBeGreaterThanOrEqual(WORKERS);
    const stopping = Date.now();
    await relay.cut();
    await postgres.stop();
    const down = Date.now();
    const healthWhileDown: (string | undefined)[] = [];
    while (Date.now() - stopping < OUTAGE_MS) {
      healthWhileDown.push(await health());
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    postgres = await startPostgres();
    const relayPort = relay.port;
    relay = new TcpRelay({ host: '127.0.0.1', port: portOf(postgres.url) });
    await relay.open(relayPort);
    const back = Date.now();

    // Recovery: within 15 s of PostgreSQL's return a ticket is filed again by the same server process.
    let recoveredAt: number | undefined;
    while (!recoveredAt && Date.now() - back < 15_000) {
      if (outcomes.some((outcome) => outcome.at > back && outcome.status === 201)) recoveredAt = Date.now();
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    running = false;
    await Promise.all(workers);

    const duringOutage = outcomes.filter((outcome) => outcome.at > down + 500 && outcome.at + outcome.ms < back);
    const statuses = [...new Set(outcomes.map((outcome) => outcome.status))].sort();
    console.log(
      `database outage: ${outcomes.length} calls, ${duringOutage.length} while down (slowest ${Math.max(...duringOutage.map((o) => o.ms))} ms), ` +
        `statuses ${statuses.join(', ')}, recovered ${recoveredAt ? recoveredAt - back : 'never'} ms after PostgreSQL returned`,
    );
    expect(duringOutage.length).toBeGreaterThan(0);
    expect(duringOutage.filter((outcome) => outcome.status !== 503 || outcome.ms > FAIL_FAST_MS)).toEqual([]);
    expect(duringOutage[0]?.message).toMatch(/database is unavailable/i);
    expect(outcomes.filter((outcome) => outcome.status >= 500 && outcome.status !== 503)).toEqual([]);
    expect(healthWhileDown).toContain('disconnected');
    expect(recoveredAt).toBeDefined();
    expect(await health()).toBe('connected');

    // Every acknowledged ticket, before, during and after the outage, is in the database.
    const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.id!);
    const check = await openDatabase(postgres.url);
    try {
      const rows = await check.em.fork().getConnection().execute<{ id: number }[]>('select id from support_tickets');
      const stored = new Set(rows.map((row) => Number(row.id)));
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await check.close(true);
    }
  }, 120_000);
});
