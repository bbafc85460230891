/**
 * Live support chat delivery: 50 customer chat streams (server-sent events) open over loopback while staff reply on
 * their tickets; measures the latency from the moment a send starts to its arrival on the customer's stream (p50,
 * p99), beside the same run's baseline: the send's own round trip. Their difference is the delivery path (NOTIFY,
 * re-read, write). Two phases on the same server and streams:
 * - steady: messages sent at a fixed rate whatever is still in flight (open loop, so a slow answer cannot hold
 *   the next sends back and hide its own queue), the latency a staff reply sees;
 * - saturation: `senders` staff clients each sending their next message as soon as the last is answered, the
 *   most messages per second the server takes, and the latency once requests queue behind each other.
 * Usage: npm run bench:chat [-- messages streams rate senders]   (defaults 2000, 50, 200 messages/s, 20)
 */
import { removeDataDir, startServer, waitUntilReady } from '../services/e2e/harness.ts';
import { sseEvents } from '../services/test/sseEvents.ts';

const total = Number(process.argv[2] ?? 2000);
const streams = Number(process.argv[3] ?? 50);
/** Far above a real support team's pace (a few messages a second), well below what the server takes. */
const rate = Number(process.argv[4] ?? 200);
const senders = Number(process.argv[5] ?? 20);
const WARM_UP_MESSAGES = 500;
const OWNER = { email: 'bench-owner@groupflow.test', password: 'bench-owner-password' };

const server = await startServer({
  env: {
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    STAFF_OWNER_EMAIL: OWNER.email,
    STAFF_OWNER_PASSWORD: OWNER.password,
    SUPPORT_TICKET_MAX_PER_WINDOW: String(streams * 2),
    LOG_LEVEL: 'error',
  },
});

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const sentAt = new Map<string, number>();
let latencies: number[] = [];
/** The prefix of the messages the running phase measures. */
let measuring = '';
let sendTimes: number[] = [];
const aborts: AbortController[] = [];

/** Reads a customer stream and records the arrival of every bench message. */
async function listen(path: string, key: string, opened: () => void): Promise<void> {
  const controller = new AbortController();
  aborts.push(controller);
  const response = await fetch(`${server.url}${path}`, { signal: controller.signal, headers: { 'X-Chat-Key': key } });
  if (!response.ok || !response.body) throw new Error(`stream ${path}: ${response.status}`);
  opened();
  try {
    for await (const event of sseEvents(response.body as unknown as AsyncIterable<Uint8Array>)) {
      const text = event.type === 'message.created' ? (event.data as { message?: string }).message : undefined;
      // Counted only in its own phase: a late arrival of the phase before must not stand in for one of these.
      const started = text?.startsWith(`${measuring}-`) ? sentAt.get(text) : undefined;
      if (started !== undefined) latencies.push(performance.now() - started);
    }
  } catch {
    // Aborted at the end of the run.
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

try {
  await waitUntilReady(server);
  const { token } = await post<{ token: string }>('/api/staff/login', OWNER);
  const tickets: number[] = [];
  let open = 0;
  const listeners: Promise<void>[] = [];
  for (let i = 0; i < streams; i += 1) {
    const { id, chatUrl } = await post<{ id: number; chatUrl: string }>('/api/support/create-public', {
      name: `Bench ${i}`,
      email: `bench${i}@example.test`,
      subject: `Bench ticket ${i}`,
      message: 'Benchmark',
      priority: 'low',
    });
    tickets.push(id);
    const key = new URLSearchParams(new URL(chatUrl).hash.slice(1)).get('key') ?? '';
    listeners.push(listen(`/api/support/chat/${id}/events`, key, () => (open += 1)));
  }
  while (open < streams) await new Promise((resolve) => setTimeout(resolve, 20));

  const send = async (text: string, ticket: number) => {
    const sendStart = performance.now();
    sentAt.set(text, sendStart);
    await post(`/api/support/tickets/${ticket}/messages`, { message: text }, token);
    sendTimes.push(performance.now() - sendStart);
  };
  /** Runs one phase, waits for its messages to arrive, prints its figures and starts the next one afresh. */
  const phase = async (title: string, prefix: string, run: (text: (n: number) => string) => Promise<void>) => {
    latencies = [];
    sendTimes = [];
    measuring = prefix;
    const started = performance.now();
    await run((n) => `${prefix}-${n}`);
    const sendSeconds = (performance.now() - started) / 1000;
    const deadline = Date.now() + 10_000;
    while (latencies.length < total && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const sorted = [...latencies].sort((a, b) => a - b);
    const sends = [...sendTimes].sort((a, b) => a - b);
    console.log(`\nLive chat, ${title}: ${total} staff messages over ${streams} open customer streams, loopback`);
    console.log(`sent            ${(total / sendSeconds).toFixed(0)} messages/s`);
    console.log(`delivered       ${latencies.length} of ${total}`);
    console.log(`latency p50     ${percentile(sorted, 50).toFixed(1)} ms   (send start to arrival on the stream)`);
    console.log(`latency p99     ${percentile(sorted, 99).toFixed(1)} ms`);
    console.log(`baseline p50    ${percentile(sends, 50).toFixed(1)} ms   (the send's own round trip, same run)`);
    console.log(`baseline p99    ${percentile(sends, 99).toFixed(1)} ms`);
  };

  // Warm-up, not measured: JIT, the pool's connections and the statements' plans settle first, as in `npm run bench`.
  await Promise.all(
    Array.from({ length: senders }, async (_, sender) => {
      for (let n = sender; n < WARM_UP_MESSAGES; n += senders) await send(`warm-up-${n}`, tickets[n % tickets.length]!);
    }),
  );

  await phase(`steady ${rate} messages/s`, 'steady', async (text) => {
    const started = performance.now();
    const sends: Promise<void>[] = [];
    for (let n = 0; n < total; n += 1) {
      const due = started + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sends.push(send(text(n), tickets[n % tickets.length]!));
    }
    await Promise.all(sends);
  });

  await phase(`saturation with ${senders} senders`, 'saturation', async (text) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: senders }, async () => {
        while (next < total) {
          const n = next++;
          await send(text(n), tickets[n % tickets.length]!);
        }
      }),
    );
  });
  for (const controller of aborts) controller.abort();
  await Promise.allSettled(listeners);
} finally {
  await server.stop();
  await removeDataDir(server.dataDir);
}
