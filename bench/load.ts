/**
 * Load: a scripted mix of simultaneous users against one server process (embedded PostgreSQL unless DATABASE_URL):
 * customers reading their dashboard, visitors filing a ticket and following its chat stream, staff listing,
 * claiming and answering tickets. Prints p50/p99 per kind of call beside a same-run baseline (GET /api/health
 * alone, before the mix), the 5xx rate and the chat messages staff sent that never reached the visitor's stream.
 * Goals (issue 14): p99 < 2 s, 5xx < 0.025 %, no lost chat message.
 * Usage: npm run bench:load [-- seconds users]
 */
import { removeDataDir, startServer, waitUntilReady } from '../services/e2e/harness.ts';
import { CustomerBrowser } from '../services/test/customerBrowser.ts';
import { HIGH_RATE_LIMITS } from '../services/test/highRateLimits.ts';
import { sseEvents } from '../services/test/sseEvents.ts';

const seconds = Number(process.argv[2] ?? 60);
const users = Number(process.argv[3] ?? 200);
/** The mix: half customers, three in ten visitors, the rest staff. */
const SHARE = { customer: 0.5, visitor: 0.3 };
/** Chat messages still in flight when the run ends get this long to arrive before they count as lost. */
const DELIVERY_GRACE_MS = 5000;
const BASELINE_CALLS = 200;
const OWNER = { email: 'load-owner@groupflow.test', password: 'load-owner-password' };

const server = await startServer({
  env: {
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...HIGH_RATE_LIMITS,
    STAFF_OWNER_EMAIL: OWNER.email,
    STAFF_OWNER_PASSWORD: OWNER.password,
    LOG_LEVEL: 'error',
  },
});

interface Answer {
  status: number;
  /** The fields of JSON answers the bench reads; a failed call has no body. */
  body: { id?: number; chatUrl?: string; token?: string; tickets?: { id: number; status: string }[] } | undefined;
}

const timings = new Map<string, number[]>();
let calls = 0;
let serverErrors = 0;
/** 5xx answers by status and message, to tell an outage-style 503 from a crash. */
const failures = new Map<string, number>();

/** One timed call, grouped by kind in the report; a call that never answers counts as a server error. */
async function call(kind: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  calls += 1;
  try {
    const response = await fetch(`${server.url}${path}`, { ...init, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    if (response.status >= 500) {
      serverErrors += 1;
      const reason = `${response.status} ${text.slice(0, 80)}`;
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
    }
    const list = timings.get(kind) ?? [];
    list.push(performance.now() - started);
    timings.set(kind, list);
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    return { status: response.status, body: text && isJson ? (JSON.parse(text) as Answer['body']) : undefined };
  } catch {
    serverErrors += 1;
    return { status: 0, body: undefined };
  }
}

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: body === undefined ? undefined : JSON.stringify(body),
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => pause(200 + Math.random() * 800);
let running = true;

// Chat delivery: every staff message accepted on a visitor's ticket must arrive on that visitor's stream.
const sent = new Map<string, number>();
const delivered = new Set<string>();
const streams: AbortController[] = [];

/** Customers whose sign-in did not land on /auth-success; they sit the run out and are reported. */
const signInFailures: string[] = [];

async function customer(index: number): Promise<void> {
  const browser = new CustomerBrowser(server.url);
  try {
    await browser.signInWithDiscord(`load${index}`);
  } catch (error) {
    signInFailures.push((error as Error).message.slice(0, 200));
    return;
  }
  const headers = { cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  while (running) {
    for (const path of ['/api/user', '/api/user/servers', '/api/bots', '/api/servers']) await call('customer reads dashboard', path, { headers });
    await think();
  }
}

async function follow(id: number, key: string): Promise<void> {
  const controller = new AbortController();
  streams.push(controller);
  const response = await fetch(`${server.url}/api/support/chat/${id}/events?key=${encodeURIComponent(key)}`, { signal: controller.signal });
  if (!response.ok || !response.body) {
    serverErrors += response.status >= 500 ? 1 : 0;
    return;
  }
  try {
    for await (const event of sseEvents(response.body as unknown as AsyncIterable<Uint8Array>)) {
      const text = event.type === 'message.created' ? (event.data as { message?: string }).message : undefined;
      if (text && sent.has(text)) delivered.add(text);
    }
  } catch {
    // Aborted at the end of the run.
  }
}

async function visitor(index: number): Promise<void> {
  let round = 0;
  while (running) {
    round += 1;
    const created = await call(
      'visitor files a ticket',
      '/api/support/create-public',
      post({ name: `Visitor ${index}`, email: `visitor${index}@example.test`, subject: `Load ${index}.${round}`, message: 'Help', priority: 'low' }),
    );
    if (created.status !== 201) {
      await think();
      continue;
    }
    const id = created.body?.id ?? 0;
    const key = new URL(created.body?.chatUrl ?? '', server.url).searchParams.get('key') ?? '';
    void follow(id, key);
    // The visitor reads the thread and writes now and then while staff answer.
    for (let turn = 0; turn < 5 && running; turn += 1) {
      await think();
      await call('visitor reads the chat', `/api/support/chat/${id}?key=${encodeURIComponent(key)}`);
      await call('visitor writes in the chat', `/api/support/chat/${id}/messages?key=${encodeURIComponent(key)}`, post({ message: `Visitor ${index} turn ${turn}` }));
    }
  }
}

let staffMessage = 0;
async function staffMember(token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  while (running) {
    const list = await call('staff lists tickets', '/api/support/tickets?limit=50', { headers });
    const open = (list.body?.tickets ?? []).filter((ticket) => ticket.status === 'open');
    const ticket = open[Math.floor(Math.random() * open.length)];
    if (ticket) {
      await call('staff claims a ticket', `/api/support/tickets/${ticket.id}/claim`, post(undefined, headers));
      staffMessage += 1;
      const message = `Staff reply ${staffMessage}`;
      sent.set(message, ticket.id);
      const reply = await call('staff answers in the chat', `/api/support/tickets/${ticket.id}/messages`, post({ message }, headers));
      if (reply.status !== 201) sent.delete(message);
    }
    await think();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const figures = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

try {
  await waitUntilReady(server);
  for (let i = 0; i < BASELINE_CALLS; i += 1) await call('baseline: GET /api/health alone', '/api/health');
  const ownerToken = (await call('staff signs in', '/api/staff/login', post(OWNER))).body?.token ?? '';

  const customers = Math.round(users * SHARE.customer);
  const visitors = Math.round(users * SHARE.visitor);
  const staffCount = users - customers - visitors;
  const started = performance.now();
  const work = [
    ...Array.from({ length: customers }, (_, i) => customer(i)),
    ...Array.from({ length: visitors }, (_, i) => visitor(i)),
    ...Array.from({ length: staffCount }, () => staffMember(ownerToken)),
  ];
  await pause(seconds * 1000);
  running = false;
  await Promise.all(work);
  await pause(DELIVERY_GRACE_MS);
  for (const stream of streams) stream.abort();
  const elapsed = (performance.now() - started) / 1000;

  const lost = [...sent.keys()].filter((message) => !delivered.has(message));
  console.log(`load: ${users} users (${customers} customers, ${visitors} visitors, ${staffCount} staff) for ${seconds} s, ${calls} calls in ${elapsed.toFixed(0)} s`);
  console.log('| kind | calls | p50 | p99 |');
  console.log('|---|---|---|---|');
  for (const [kind, list] of timings) {
    const { count, p50, p99 } = figures(list);
    console.log(`| ${kind} | ${count} | ${p50.toFixed(1)} ms | ${p99.toFixed(1)} ms |`);
  }
  const rate = (100 * serverErrors) / calls;
  console.log(`5xx (or no answer): ${serverErrors} of ${calls} = ${rate.toFixed(3)} % (goal < 0.025 %)`);
  for (const [reason, count] of failures) console.log(`  ${count} x ${reason}`);
  console.log(`chat messages: ${sent.size} sent by staff, ${lost.length} lost (goal 0)`);
  console.log(`customer sign-ins that failed: ${signInFailures.length}${signInFailures[0] ? ` (first: ${signInFailures[0]})` : ''}`);
  const worst = Math.max(...[...timings].filter(([kind]) => !kind.startsWith('baseline')).map(([, list]) => figures(list).p99));
  console.log(`worst p99 ${worst.toFixed(0)} ms (goal < 2000 ms)`);
} finally {
  for (const stream of streams) stream.abort();
  await server.stop();
  await removeDataDir(server.dataDir);
}
