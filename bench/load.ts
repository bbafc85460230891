/**
 * Load: a scripted mix of simultaneous users against one server process (embedded PostgreSQL unless DATABASE_URL):
 * customers reading their dashboard, visitors filing a ticket and following its chat stream, staff listing,
 * claiming and answering tickets. Prints p50/p99 per kind of call beside a same-run baseline (GET /api/health
 * alone, before the mix), the 5xx rate and the chat messages staff sent that never reached the visitor's stream.
 * The bench plays the TLS proxy in front of the server: each simulated user sends its own X-Forwarded-For address,
 * so per-address limits and their counters behave as with 200 real clients, not one address shared by all.
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
/**
 * Customers sign in before the timed mix, this many at a time. The development Discord provider answers from the
 * server under test, so 100 simultaneous OAuth round trips queued behind the mix and ran into OAUTH_TIMEOUT_MS
 * ("user_info_failed"), a failure real Discord would not add; the mix measures signed-in customers.
 */
const SIGN_IN_CONCURRENCY = 10;
const OWNER = { email: 'load-owner@groupflow.test', password: 'load-owner-password' };

const server = await startServer({
  env: {
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...HIGH_RATE_LIMITS,
    TRUST_PROXY: 'true',
    STAFF_OWNER_EMAIL: OWNER.email,
    STAFF_OWNER_PASSWORD: OWNER.password,
    LOG_LEVEL: 'error',
  },
});

interface Answer {
  status: number;
  /** The fields of JSON answers the bench reads; a failed call has no body. */
  body: Fields | { id: number }[] | undefined;
}
/** The fields of the object answers the bench reads (a created ticket, a staff sign-in). */
interface Fields {
  id?: number;
  chatUrl?: string;
  token?: string;
}
const fieldsOf = (answer: Answer): Fields => (Array.isArray(answer.body) ? {} : (answer.body ?? {}));

const timings = new Map<string, number[]>();
let calls = 0;
let serverErrors = 0;
/** 5xx answers by status and message, to tell an outage-style 503 from a crash. */
const failures = new Map<string, number>();

/** The address the bench, as the trusted proxy, reports for simulated user `index` (10.0.0.0/8, one per user). */
const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** One timed call from user `index`, grouped by kind in the report; a call that never answers counts as a server error. */
async function call(kind: string, index: number, path: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  calls += 1;
  try {
    const headers = { ...(init.headers as Record<string, string>), 'x-forwarded-for': addressOf(index) };
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
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

// Chat delivery: every staff message accepted on a visitor's ticket must arrive on that visitor's stream, in the
// thread it opens with or as an event. Only tickets whose stream opened can lose a message; streams that never
// opened (or closed before the end) are counted apart, since their visitor would reconnect.
const sent = new Map<string, number>();
const delivered = new Set<string>();
const streams: AbortController[] = [];
const followed = new Set<number>();
const unopenedStreams = new Map<string, number>();
let streamsClosedEarly = 0;
const closedEarly = new Set<number>();

/** Customers whose sign-in did not land on /auth-success; they sit the run out and are reported. */
const signInFailures: string[] = [];

/** The cookie header of customer `index` once signed in, or undefined when the sign-in failed. */
async function signIn(index: number): Promise<string | undefined> {
  const browser = new CustomerBrowser(server.url, { 'x-forwarded-for': addressOf(index) });
  try {
    await browser.signInWithDiscord(`load${index}`);
    return [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  } catch (error) {
    signInFailures.push((error as Error).message.slice(0, 200));
    return undefined;
  }
}

async function customer(index: number, cookie: string): Promise<void> {
  const headers = { cookie };
  while (running) {
    for (const path of ['/api/user', '/api/user/servers', '/api/bots', '/api/servers'])
      await call('customer reads dashboard', index, path, { headers });
    await think();
  }
}

async function follow(index: number, id: number, key: string): Promise<void> {
  const controller = new AbortController();
  streams.push(controller);
  const response = await fetch(`${server.url}/api/support/chat/${id}/events`, {
    signal: controller.signal,
    headers: { 'X-Chat-Key': key, 'x-forwarded-for': addressOf(index) },
  }).catch(() => undefined);
  if (!response?.ok || !response.body) {
    const reason = response ? `${response.status} ${(await response.text()).slice(0, 80)}` : 'no answer';
    unopenedStreams.set(reason, (unopenedStreams.get(reason) ?? 0) + 1);
    return;
  }
  try {
    for await (const event of sseEvents(response.body as unknown as AsyncIterable<Uint8Array>)) {
      if (event.type === 'thread') {
        followed.add(id);
        for (const { message } of (event.data as { messages?: { message: string }[] }).messages ?? [])
          delivered.add(message);
      }
      const text = event.type === 'message.created' ? (event.data as { message?: string }).message : undefined;
      if (text && sent.has(text)) delivered.add(text);
    }
    if (running) {
      streamsClosedEarly += 1;
      closedEarly.add(id);
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
      index,
      '/api/support/create-public',
      post({
        name: `Visitor ${index}`,
        email: `visitor${index}@example.test`,
        subject: `Load ${index}.${round}`,
        message: 'Help',
        priority: 'low',
      }),
    );
    if (created.status !== 201) {
      await think();
      continue;
    }
    const id = fieldsOf(created).id ?? 0;
    // The key travels in the chatUrl's fragment and goes back as a header, as the chat page does.
    const key =
      new URLSearchParams(new URL(fieldsOf(created).chatUrl ?? '', server.url).hash.slice(1)).get('key') ?? '';
    const chatKey = { 'X-Chat-Key': key };
    void follow(index, id, key);
    // The visitor reads the thread and writes now and then while staff answer.
    for (let turn = 0; turn < 5 && running; turn += 1) {
      await think();
      await call('visitor reads the chat', index, `/api/support/chat/${id}`, { headers: chatKey });
      await call(
        'visitor writes in the chat',
        index,
        `/api/support/chat/${id}/messages`,
        post({ message: `Visitor ${index} turn ${turn}` }, chatKey),
      );
    }
  }
}

let staffMessage = 0;
async function staffMember(index: number, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  while (running) {
    const list = await call('staff lists tickets', index, '/api/support/tickets?limit=50&status=open', { headers });
    const open = Array.isArray(list.body) ? list.body : [];
    const ticket = open[Math.floor(Math.random() * open.length)];
    if (ticket) {
      await call('staff claims a ticket', index, `/api/support/tickets/${ticket.id}/claim`, post(undefined, headers));
      staffMessage += 1;
      const message = `Staff reply ${staffMessage}`;
      sent.set(message, ticket.id);
      const reply = await call(
        'staff answers in the chat',
        index,
        `/api/support/tickets/${ticket.id}/messages`,
        post({ message }, headers),
      );
      if (reply.status !== 201) sent.delete(message);
    }
    await think();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const figures = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

try {
  await waitUntilReady(server);
  for (let i = 0; i < BASELINE_CALLS; i += 1) await call('baseline: GET /api/health alone', 0, '/api/health');
  const ownerToken = fieldsOf(await call('staff signs in', 0, '/api/staff/login', post(OWNER))).token ?? '';

  const customers = Math.round(users * SHARE.customer);
  const visitors = Math.round(users * SHARE.visitor);
  const staffCount = users - customers - visitors;
  const cookies: (string | undefined)[] = [];
  const signInStarted = performance.now();
  for (let first = 0; first < customers; first += SIGN_IN_CONCURRENCY) {
    const batch = Array.from({ length: Math.min(SIGN_IN_CONCURRENCY, customers - first) }, (_, i) => signIn(first + i));
    cookies.push(...(await Promise.all(batch)));
  }
  const signInSeconds = (performance.now() - signInStarted) / 1000;
  const started = performance.now();
  const work = [
    ...cookies.flatMap((cookie, i) => (cookie === undefined ? [] : [customer(i, cookie)])),
    ...Array.from({ length: visitors }, (_, i) => visitor(customers + i)),
    ...Array.from({ length: staffCount }, (_, i) => staffMember(customers + visitors + i, ownerToken)),
  ];
  await pause(seconds * 1000);
  running = false;
  await Promise.all(work);
  await pause(DELIVERY_GRACE_MS);
  for (const stream of streams) stream.abort();
  const elapsed = (performance.now() - started) / 1000;

  const lost = [...sent].filter(([message, id]) => followed.has(id) && !closedEarly.has(id) && !delivered.has(message));
  const unfollowed = [...sent.values()].filter((id) => !followed.has(id) || closedEarly.has(id)).length;
  console.log(
    `load: ${users} users (${customers} customers, ${visitors} visitors, ${staffCount} staff) for ${seconds} s, ${calls} calls in ${elapsed.toFixed(0)} s`,
  );
  console.log('| kind | calls | p50 | p99 |');
  console.log('|---|---|---|---|');
  for (const [kind, list] of timings) {
    const { count, p50, p99 } = figures(list);
    console.log(`| ${kind} | ${count} | ${p50.toFixed(1)} ms | ${p99.toFixed(1)} ms |`);
  }
  const rate = (100 * serverErrors) / calls;
  console.log(`5xx (or no answer): ${serverErrors} of ${calls} = ${rate.toFixed(3)} % (goal < 0.025 %)`);
  for (const [reason, count] of failures) console.log(`  ${count} x ${reason}`);
  console.log(
    `chat messages: ${sent.size} sent by staff, ${lost.length} lost (goal 0); ${unfollowed} on tickets whose stream never opened or closed early`,
  );
  for (const [reason, count] of unopenedStreams) console.log(`  stream not opened: ${count} x ${reason}`);
  console.log(`  streams closed by the server before the end: ${streamsClosedEarly}`);
  console.log(
    `customer sign-ins before the mix (${SIGN_IN_CONCURRENCY} at a time, ${signInSeconds.toFixed(1)} s): ${signInFailures.length} of ${customers} failed${signInFailures[0] ? ` (first: ${signInFailures[0]})` : ''}`,
  );
  const worst = Math.max(
    ...[...timings].filter(([kind]) => !kind.startsWith('baseline')).map(([, list]) => figures(list).p99),
  );
  console.log(`worst p99 ${worst.toFixed(0)} ms (goal < 2000 ms)`);
} finally {
  for (const stream of streams) stream.abort();
  await server.stop();
  await removeDataDir(server.dataDir);
}
