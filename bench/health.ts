/**
 * GET /api/health through the full server (Koa, middleware, request context, a real database ping)
 * against a bare node:http JSON handler, both over loopback with autocannon.
 * Usage: npm run bench [-- seconds connections]
 */
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import { freePort, removeDataDir, startServer, waitUntilReady } from '../services/e2e/harness.ts';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 20);

interface Figures {
  rps: number;
  p99: number;
  non2xx: number;
}

async function measure(url: string): Promise<Figures> {
  // A short warm-up so JIT and pools are settled before the measured run.
  await autocannon({ url, connections, duration: 2 });
  const result = await autocannon({ url, connections, duration: seconds });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

const bare = createServer((_req, res) => {
  const body = JSON.stringify({ status: 'ok', database: 'connected', recovery: { state: 'stable' } });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
});
const barePort = await freePort();
await new Promise<void>((resolve) => bare.listen(barePort, '127.0.0.1', resolve));

const server = await startServer({ env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {} });
try {
  await waitUntilReady(server);
  const full = await measure(`${server.url}/api/health`);
  const baseline = await measure(`http://127.0.0.1:${barePort}/`);
  const row = (name: string, f: Figures) =>
    `${name.padEnd(28)} ${f.rps.toFixed(0).padStart(9)} req/s   p99 ${String(f.p99).padStart(4)} ms   errors ${f.non2xx}`;
  console.log(`\nGET /api/health, ${connections} connections, ${seconds} s each, loopback`);
  console.log(row('full server (/api/health)', full));
  console.log(row('bare node:http JSON', baseline));
  console.log(`ratio full/bare: ${(full.rps / baseline.rps).toFixed(3)} of the throughput`);
} finally {
  await server.stop();
  await removeDataDir(server.dataDir);
  bare.close();
}
