/**
 * The staff ticket list at 100,000 tickets: the server runs on a scratch database seeded with one
 * INSERT ... SELECT generate_series, and each query (first page, search by email, search by a title word,
 * status filter) is called 100 times in a row. Prints median and p95 beside the same run's baselines: a
 * `select 1` round trip to the same PostgreSQL, and GET /api/health through the same server (HTTP + Koa with
 * no database work). Usage: npm run bench:tickets [-- tickets calls]
 */
import pg from 'pg';
import { withScratchDatabase } from '../adapters/src/persistence/scratchDatabase.ts';
import { removeDataDir, startServer, waitUntilReady } from '../services/e2e/harness.ts';

const tickets = Number(process.argv[2] ?? 100_000);
const calls = Number(process.argv[3] ?? 100);
const WARM_UP_CALLS = 10;
const OWNER = { email: 'bench-owner@groupflow.test', password: 'bench-owner-password-1' };
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

async function timed(run: () => Promise<void>): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < WARM_UP_CALLS; i += 1) await run();
  const latencies: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const started = performance.now();
    await run();
    latencies.push(performance.now() - started);
  }
  return { median: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

/** Titles share a few words, so a title search matches about one ticket in eight, as a common word would. */
const SEED = `
  insert into support_tickets (title, description, category, priority, status, user_email, user_name, is_locked, created_at, updated_at)
  select (array['Refund request', 'Bot offline', 'Cannot verify', 'Login broken', 'Billing question', 'Role sync late',
                'Feature idea', 'Server missing'])[1 + g % 8] || ' #' || g,
         'Seeded for the ticket list benchmark',
         (array['billing', 'technical', 'account', 'password_reset', null])[1 + g % 5],
         (array['low', 'medium', 'high', 'urgent'])[1 + g % 4],
         (array['open', 'in_progress', 'waiting_response', 'closed', 'resolved'])[1 + g % 5],
         'customer' || g || '@example' || (g % 50) || '.test',
         'Customer ' || g,
         false,
         timestamptz '2026-01-01' + g * interval '1 minute',
         timestamptz '2026-01-01' + g * interval '1 minute'
  from generate_series(1, $1::int) as g`;

await withScratchDatabase(adminUrl, 'groupflow_bench_tickets', async (url) => {
  const server = await startServer({
    env: {
      DATABASE_URL: url,
      LOG_LEVEL: 'error',
      STAFF_OWNER_EMAIL: OWNER.email,
      STAFF_OWNER_PASSWORD: OWNER.password,
    },
  });
  const db = new pg.Client({ connectionString: url });
  try {
    await waitUntilReady(server);
    await db.connect();
    const seeding = performance.now();
    await db.query(SEED, [tickets]);
    await db.query('analyze support_tickets');
    console.log(
      `seeded ${tickets.toLocaleString('en')} tickets in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const login = await fetch(`${server.url}/api/staff/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { Authorization: `Bearer ${token}` };
    const get = (path: string) => async () => {
      const response = await fetch(`${server.url}${path}`, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
    };

    const middle = Math.ceil(tickets / 2);
    const rows: [string, () => Promise<void>][] = [
      ['baseline: select 1 (pg round trip)', async () => void (await db.query('select 1'))],
      ['baseline: GET /api/health', get('/api/health')],
      ['first page (100 newest)', get('/api/support/tickets')],
      [`search by email (customer${middle}@)`, get(`/api/support/tickets?search=customer${middle}%40`)],
      ['search by title word (refund)', get('/api/support/tickets?search=refund')],
      ['status filter (closed)', get('/api/support/tickets?status=closed')],
    ];
    console.log(
      `\nGET /api/support/tickets at ${tickets.toLocaleString('en')} tickets, ${calls} calls each after ${WARM_UP_CALLS} warm-up, loopback`,
    );
    for (const [name, run] of rows) {
      const { median, p95 } = await timed(run);
      console.log(
        `${name.padEnd(40)} median ${median.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms`,
      );
    }
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain select id from support_tickets where title ilike $1 or user_email ilike $1 or category ilike $1 order by id desc limit 101`,
      [`%customer${middle}@%`],
    );
    console.log(`\nplan of the email search:\n${plan.rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
  } finally {
    await db.end().catch(() => undefined);
    await server.stop();
    await removeDataDir(server.dataDir);
  }
});
