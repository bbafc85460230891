/**
 * Cost of the shared rate limits: each API call consumes two PostgreSQL counters (minute and 10-second windows).
 * Drives `consume` from many concurrent callers on a migrated scratch database and prints calls per second and
 * p50/p99, beside a baseline measured in the same run: `select 1` through the same pool at the same concurrency.
 * Usage: npm run bench:limits [-- calls concurrency]
 */
import { randomInt } from 'node:crypto';
import { openDatabase, migrate } from '../adapters/src/persistence/database.ts';
import { withScratchDatabase } from '../adapters/src/persistence/scratchDatabase.ts';
import { PostgresRateLimiters } from '../adapters/src/limits/PostgresRateLimiters.ts';

const calls = Number(process.argv[2] ?? 4000);
const concurrency = Number(process.argv[3] ?? 50);
const ADDRESSES = 500;
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function drive(label: string, call: () => Promise<unknown>): Promise<void> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < calls) {
        next += 1;
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(40)} ${(calls / seconds).toFixed(0).padStart(6)} calls/s   p50 ${percentile(times, 50).toFixed(1)} ms   p99 ${percentile(times, 99).toFixed(1)} ms`,
  );
}

await withScratchDatabase(adminUrl, 'bench_limits', async (url) => {
  const orm = await openDatabase(url);
  try {
    await migrate(orm);
    const limiters = new PostgresRateLimiters(orm);
    const minute = limiters.limiter('api-minute', { points: 1_000_000, windowMs: 60_000 });
    const burst = limiters.limiter('api-10s', { points: 1_000_000, windowMs: 10_000 });
    const connection = orm.em.getConnection();
    await connection.execute('select 1');
    await drive('baseline: select 1', () => connection.execute('select 1'));
    await drive('API limit: two consumes per call', async () => {
      const address = `10.0.${randomInt(ADDRESSES)}.1`;
      await minute.consume(address);
      await burst.consume(address);
    });
  } finally {
    await orm.close(true);
  }
});
