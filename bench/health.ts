/**
 * Hot reads through the full server against a bare node:http handler answering the same JSON, each in its own
 * process, over loopback with autocannon:
 * - GET /api/health (Koa, metrics, the background probe's snapshot);
 * - GET /api/user with a real customer session cookie (signed in through the development provider).
 * Runs alternate (bare, full, bare, full, ...) within this one process's run, so a neighbour's load on a shared
 * machine hits both alike; the median of the rounds' ratios is the figure. The signed-in read must reach
 * MIN_SESSION_READ_RATIO of the bare handler's throughput, or the bench exits 1 (issue 37).
 * Usage: npm run bench [-- seconds connections rounds]; BENCH_ONLY=/api/user runs one case;
 * `npm run bench:ci` (`--short`) is the few-second form `npm test` runs: the signed-in read only, short rounds.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, removeDataDir, startServer, waitUntilReady } from '../services/e2e/harness.ts';
import { signInThroughDevProvider } from './devSignIn.ts';

const short = process.argv.includes('--short');
const [secondsArg, connectionsArg, roundsArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const seconds = Number(secondsArg ?? (short ? 1 : 5));
const connections = Number(connectionsArg ?? 20);
const rounds = Number(roundsArg ?? (short ? 5 : 3));
const warmUpSeconds = short ? 1 : 2;
const SESSION_READ = '/api/user';
/** Issue 37: a signed-in read at no less than this share of a bare node:http handler's throughput. */
const MIN_SESSION_READ_RATIO = 0.4;

interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

interface Case {
  title: string;
  path: string;
  headers: Record<string, string>;
}

async function measure(url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The baseline answers the body the real route answers, from a process of its own like the real server. */
async function startBare(body: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const source = `require('node:http').createServer((q, s) => { s.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(process.env.BODY) }); s.end(process.env.BODY); }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const bare = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => bare.stdout!.once('data', resolve));
  return { url: `http://127.0.0.1:${port}/`, process: bare };
}

/** Answers the median of the rounds' ratios full/bare. */
async function compare(server: { url: string }, benchCase: Case): Promise<number> {
  const fullUrl = `${server.url}${benchCase.path}`;
  const answer = await fetch(fullUrl, { headers: benchCase.headers });
  if (!answer.ok) throw new Error(`${benchCase.path} answered ${answer.status}`);
  const bare = await startBare(JSON.stringify(await answer.json()));
  try {
    // Warm-up so JIT and sockets are settled before anything is measured.
    await autocannon({ url: fullUrl, connections, duration: warmUpSeconds, headers: benchCase.headers });
    await autocannon({ url: bare.url, connections, duration: warmUpSeconds });
    const runs: { full: Figures; bare: Figures }[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const bareFigures = await measure(bare.url, {});
      const fullFigures = await measure(fullUrl, benchCase.headers);
      runs.push({ full: fullFigures, bare: bareFigures });
      console.log(
        `${benchCase.path} round ${round + 1}: full ${fullFigures.rps.toFixed(0)} req/s, bare ${bareFigures.rps.toFixed(0)} req/s, ratio ${(fullFigures.rps / bareFigures.rps).toFixed(3)}`,
      );
    }
    const summary = (pick: (r: (typeof runs)[number]) => Figures): Figures => ({
      rps: median(runs.map((r) => pick(r).rps)),
      p99: median(runs.map((r) => pick(r).p99)),
      errors: runs.reduce((sum, r) => sum + pick(r).errors, 0),
    });
    const row = (name: string, f: Figures) =>
      `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(9)} req/s   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors}`;
    const full = summary((r) => r.full);
    const baseline = summary((r) => r.bare);
    console.log(
      `\n${benchCase.title}, ${connections} connections, ${rounds} alternating rounds of ${seconds} s, loopback (medians)`,
    );
    console.log(row(`full server (${benchCase.path})`, full));
    console.log(row('bare node:http, same JSON', baseline));
    const ratio = median(runs.map((r) => r.full.rps / r.bare.rps));
    console.log(
      `ratio full/bare: ${ratio.toFixed(3)} of the throughput (median of the rounds' ratios; of the medians: ${(full.rps / baseline.rps).toFixed(3)})\n`,
    );
    return ratio;
  } finally {
    bare.process.kill();
  }
}

const server = await startServer({ env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {} });
try {
  await waitUntilReady(server);
  const cookie = await signInThroughDevProvider(server.url, 'bench');
  const cases: Case[] = [
    { title: 'GET /api/health', path: '/api/health', headers: {} },
    { title: 'GET /api/user with a customer session cookie', path: SESSION_READ, headers: { cookie } },
  ];
  const only = short ? SESSION_READ : process.env.BENCH_ONLY;
  for (const benchCase of cases) {
    if (only && benchCase.path !== only) continue;
    const ratio = await compare(server, benchCase);
    if (benchCase.path !== SESSION_READ) continue;
    const met = ratio >= MIN_SESSION_READ_RATIO;
    console.log(
      `${met ? 'ok' : 'FAIL'}: a signed-in read at ${ratio.toFixed(3)} of bare node:http (at least ${MIN_SESSION_READ_RATIO} required)`,
    );
    if (!met) process.exitCode = 1;
  }
} finally {
  await server.stop();
  await removeDataDir(server.dataDir);
}
