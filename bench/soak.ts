/**
 * Soak (issue 16): two API processes on one scratch database behind a loopback round-robin proxy, under mixed
 * load: visitors file tickets and hold their chat streams (reconnecting with Last-Event-ID), staff claim and
 * answer, visitors read their threads. Midway one process is killed (SIGKILL) and started again. Prints lost chat
 * messages (acknowledged to staff but never seen on the visitor's stream; must be 0), 5xx answers beyond the
 * killed process's in-flight requests, and each process's resident memory per minute.
 * Usage: npm run bench:soak [-- minutes]   (default 10; CI never runs it)
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { freePort } from '@groupflow/adapters/net/freePort';
import { startApiProcesses } from '../services/test/apiProcesses.ts';
import { sseEvents } from '../services/test/sseEvents.ts';
import { HIGH_RATE_LIMITS } from '../services/test/highRateLimits.ts';

const minutes = Number(process.argv[2] ?? 10);
const durationMs = minutes * 60_000;
const VISITORS = 30;
const STAFF_SENDERS = 4;
const READERS = 4;
const PAUSE_MS = 200;
const RESTART_AFTER_MS = 5_000;
const RECONNECT_MS = 1_000;
const OWNER = { email: 'soak-owner@groupflow.test', password: 'soak-owner-password' };

const cluster = await startApiProcesses(2, {
  adminUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  env: {
    // Every simulated client comes from the proxy's one address: the per-address limits would refuse the load.
    ...HIGH_RATE_LIMITS,
    STAFF_OWNER_EMAIL: OWNER.email,
    STAFF_OWNER_PASSWORD: OWNER.password,
    LOG_LEVEL: 'error',
  },
});

// The proxy: round robin; a refused connection (a dead process) goes to the next one, since nothing was sent.
let turn = 0;
let killedIndex: number | null = null;
/** When the killed process was seen dead: requests it had accepted before then were in flight on it. */
let diedAt = 0;
let inFlightOfKilled = 0;
const inFlight = new Map<number, number>();
const counts = { requests: 0, fiveXx: 0, fiveXxOfKilled: 0 };
/** Which calls answered 5xx, so a soak that finds some says where. */
const fiveXxByCall = new Map<string, number>();
const upstreamErrors = new Map<string, number>();

function forward(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  index = (turn += 1) % cluster.processes.length,
  attempt = 0,
): void {
  const target = new URL(cluster.processes[index]!.url);
  const startedAt = Date.now();
  inFlight.set(index, (inFlight.get(index) ?? 0) + 1);
  const done = () => inFlight.set(index, (inFlight.get(index) ?? 1) - 1);
  const upstream = request(
    // A connection per request: a pooled socket to a killed process would fail a request it never received.
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent: false },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', done);
      answer.on('error', () => res.destroy());
    },
  );
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    done();
    if (error.code === 'ECONNREFUSED' && attempt < cluster.processes.length) {
      return forward(req, res, body, (index + 1) % cluster.processes.length, attempt + 1);
    }
    if (res.headersSent) return void res.destroy();
    const ofKilled = index === killedIndex && (diedAt === 0 || startedAt <= diedAt);
    if (ofKilled) counts.fiveXxOfKilled += 1;
    const label = `api ${index} ${error.code ?? error.message} after ${diedAt === 0 ? 'no kill' : `${Date.now() - diedAt} ms`}`;
    upstreamErrors.set(label, (upstreamErrors.get(label) ?? 0) + 1);
    res.writeHead(502).end();
  });
  upstream.end(body);
}

const proxy = createServer((req, res) => {
  counts.requests += 1;
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => forward(req, res, Buffer.concat(chunks)));
  res.on('finish', () => {
    if (res.statusCode < 500) return;
    counts.fiveXx += 1;
    const label = `${res.statusCode} ${req.method} ${req.url?.replace(/\d+/g, ':id').replace(/\?.*/, '')}`;
    fiveXxByCall.set(label, (fiveXxByCall.get(label) ?? 0) + 1);
  });
});
const port = await freePort();
await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${port}`;

async function call<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null);
  if (!response) return { status: 0, body: undefined as T };
  const text = await response.text();
  return {
    status: response.status,
    body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined) as T,
  };
}

const stopAt = Date.now() + durationMs;
const running = () => Date.now() < stopAt;
/** Streams stay open until the last acknowledged send has had time to arrive. */
const streamsDone = new AbortController();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const acknowledged = new Map<number, Set<string>>();
const received = new Map<number, Set<string>>();
const visitors: { id: number; key: string }[] = [];

/** A visitor's chat stream, held for the whole run and resumed with Last-Event-ID after every drop. */
async function holdStream(id: number, key: string): Promise<void> {
  let lastEventId: string | null = null;
  const seen = received.get(id)!;
  while (!streamsDone.signal.aborted) {
    try {
      const response = await fetch(`${base}/api/support/chat/${id}/events`, {
        headers: { 'X-Chat-Key': key, ...(lastEventId === null ? {} : { 'Last-Event-ID': lastEventId }) },
        signal: streamsDone.signal,
      });
      if (response.ok && response.body) {
        for await (const event of sseEvents(response.body as unknown as AsyncIterable<Uint8Array>)) {
          if (event.id !== null) lastEventId = String(event.id);
          if (event.type === 'thread')
            for (const m of (event.data as { messages: { message: string }[] }).messages) seen.add(m.message);
          if (event.type === 'message.created') seen.add((event.data as { message: string }).message);
        }
      }
    } catch {
      // The process holding the stream died, or the run ended.
    }
    if (!streamsDone.signal.aborted) await pause(RECONNECT_MS);
  }
}

async function fileTicket(n: number): Promise<void> {
  const created = await call<{ id: number; chatUrl: string }>('POST', '/api/support/create-public', {
    name: `Soak ${n}`,
    email: `soak${n}@example.test`,
    subject: `Soak ticket ${n}`,
    message: 'Soak',
    priority: 'low',
  });
  if (created.status !== 201) return;
  const key = new URLSearchParams(new URL(created.body.chatUrl).hash.slice(1)).get('key') ?? '';
  acknowledged.set(created.body.id, new Set());
  received.set(created.body.id, new Set());
  visitors.push({ id: created.body.id, key });
  void holdStream(created.body.id, key);
}

const login = await call<{ token: string }>('POST', '/api/staff/login', OWNER);
const auth = { Authorization: `Bearer ${login.body.token}` };
for (let n = 0; n < VISITORS; n += 1) await fileTicket(n);

let sent = 0;
async function staffSender(): Promise<void> {
  while (running()) {
    const visitor = visitors[Math.floor(Math.random() * visitors.length)]!;
    if (Math.random() < 0.1) await call('POST', `/api/support/tickets/${visitor.id}/claim`, undefined, auth);
    const text = `soak-${(sent += 1)}`;
    const answer = await call('POST', `/api/support/tickets/${visitor.id}/messages`, { message: text }, auth);
    if (answer.status === 201) acknowledged.get(visitor.id)!.add(text);
    await pause(PAUSE_MS);
  }
}

async function reader(): Promise<void> {
  while (running()) {
    const visitor = visitors[Math.floor(Math.random() * visitors.length)]!;
    await call('GET', `/api/support/chat/${visitor.id}`, undefined, { 'X-Chat-Key': visitor.key });
    if (Math.random() < 0.05) await fileTicket(visitors.length);
    await pause(PAUSE_MS);
  }
}

async function rssMiB(pid: number | undefined): Promise<string> {
  if (pid === undefined) return 'down';
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kib = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kib ? `${(Number(kib) / 1024).toFixed(0)} MiB` : 'down';
}

const memory: string[] = [];
const sampleMemory = async (minute: number) =>
  memory.push(`| ${minute} | ${(await Promise.all(cluster.processes.map((p) => rssMiB(p.pid)))).join(' | ')} |`);
await sampleMemory(0);
const sampler = setInterval(() => void sampleMemory(Math.round((durationMs - (stopAt - Date.now())) / 60_000)), 60_000);

const chaos = (async () => {
  await pause(durationMs / 2);
  const victim = cluster.processes[0]!;
  killedIndex = 0;
  inFlightOfKilled = inFlight.get(0) ?? 0;
  await victim.kill('SIGKILL');
  diedAt = Date.now();
  await pause(RESTART_AFTER_MS);
  await victim.start();
})();

await Promise.all([
  ...Array.from({ length: STAFF_SENDERS }, staffSender),
  ...Array.from({ length: READERS }, reader),
  chaos,
]);
// Let the last messages arrive before counting.
await pause(3_000);
streamsDone.abort();
clearInterval(sampler);
await sampleMemory(minutes);

let acked = 0;
let lost = 0;
for (const [id, texts] of acknowledged) {
  acked += texts.size;
  for (const text of texts) if (!received.get(id)!.has(text)) lost += 1;
}
console.log(
  `\nSoak: ${minutes} min, 2 API processes behind a round-robin proxy, process 0 killed at half time and restarted`,
);
console.log(`requests         ${counts.requests}`);
console.log(`chat messages    ${acked} acknowledged, ${lost} lost`);
console.log(
  `5xx              ${counts.fiveXx} (${counts.fiveXxOfKilled} of them in flight on the killed process, which had ${inFlightOfKilled} open)`,
);
console.log(`5xx beyond that  ${counts.fiveXx - counts.fiveXxOfKilled}`);
for (const [label, n] of fiveXxByCall) console.log(`  ${n} × ${label}`);
for (const [label, n] of upstreamErrors) console.log(`  upstream: ${n} × ${label}`);
console.log(
  `\n| minute | ${cluster.processes.map((p) => `api ${p.index} RSS`).join(' | ')} |\n|---|${cluster.processes.map(() => '---|').join('')}`,
);
for (const line of memory) console.log(line);

proxy.closeAllConnections();
proxy.close();
await cluster.close();
process.exit(lost === 0 ? 0 : 1);
