/**
 * GET /api/health through the full server (Koa, metrics, the background probe's snapshot) against a bare
 * node:http handler answering the same JSON, each in its own process, over loopback with autocannon.
 * Runs alternate (bare, full, bare, full, ...) so a neighbour's load on a shared machine hits both alike;
 * the medians are compared. Usage: npm run bench [-- seconds connections rounds]
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { freePort, removeDataDir, startServer, waitUntilReady } from '../services/e2e/harness.ts';

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 20);
const rounds = Number(process.argv[4] ?? 3);

interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

async function measure(url: string): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startServer({ env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {} });
const barePort = await freePort();
// The baseline answers the body the real route answers, from a process of its own like the real server.
const body = JSON.stringify(await (await waitUntilReady(server).then(() => fetch(`${server.url}/api/health`))).json());
const bareSource = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(process.env.BODY) }); s.end(process.env.BODY); }).listen(${barePort}, '127.0.0.1', () => console.log('ready'));`;
const bare = spawn(process.execPath, ['-e', bareSource], { env: { ...process.env, BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve) => bare.stdout!.once('data', resolve));

try {
  const fullUrl = `${server.url}/api/health`;
  const bareUrl = `http://127.0.0.1:${barePort}/`;
  // Warm-up so JIT and sockets are settled before anything is measured.
  await autocannon({ url: fullUrl, connections, duration: 2 });
  await autocannon({ url: bareUrl, connections, duration: 2 });
  const runs: { full: Figures; bare: Figures }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const bareFigures = await measure(bareUrl);
    const fullFigures = await measure(fullUrl);
    runs.push({ full: fullFigures, bare: bareFigures });
    console.log(`round ${round + 1}: full ${fullFigures.rps.toFixed(0)} req/s, bare ${bareFigures.rps.toFixed(0)} req/s, ratio ${(fullFigures.rps / bareFigures.rps).toFixed(3)}`);
  }
  const summary = (pick: (r: (typeof runs)[number]) => Figures): Figures => ({
    rps: median(runs.map((r) => pick(r).rps)),
    p99: median(runs.map((r) => pick(r).p99)),
    errors: runs.reduce((sum, r) => sum + pick(r).errors, 0),
  });
  const full = summary((r) => r.full);
  const baseline = summary((r) => r.bare);
  const row = (name: string, f: Figures) =>
    `${name.padEnd(28)} ${f.rps.toFixed(0).padStart(9)} req/s   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors}`;
  console.log(`\nGET /api/health, ${connections} connections, ${rounds} alternating rounds of ${seconds} s, loopback (medians)`);
  console.log(row('full server (/api/health)', full));
  console.log(row('bare node:http, same JSON', baseline));
  console.log(`ratio full/bare: ${(full.rps / baseline.rps).toFixed(3)} of the throughput (median of rounds: ${median(runs.map((r) => r.full.rps / r.bare.rps)).toFixed(3)})`);
} finally {
  bare.kill();
  await server.stop();
  await removeDataDir(server.dataDir);
}
