/**
 * Issue 16: live updates across API processes. Two real `start:api` processes on one database: a message sent
 * through one reaches a stream held by the other (LISTEN/NOTIFY), a staff stream ticket bought from one opens
 * the stream on the other, and a stream whose process is killed resumes on the other with Last-Event-ID,
 * missing nothing and repeating nothing.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callApi } from './apiHarness.ts';
import { startApiProcesses, type ApiProcesses } from './apiProcesses.ts';
import { sseEvents } from './sseEvents.ts';

const OWNER = { email: 'owner@groupflow.test', password: 'owner-password-1' };
const WAIT_MS = 5000;

interface SeenEvent {
  id: number | null;
  type: string;
  data: unknown;
}

/** A stream read in the background; `until` resolves once an event matches, or fails after WAIT_MS. */
async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  const seen: SeenEvent[] = [];
  const waiters = new Set<() => void>();
  const reading = (async () => {
    try {
      for await (const event of sseEvents(response.body as unknown as AsyncIterable<Uint8Array>)) {
        seen.push(event);
        for (const wake of waiters) wake();
      }
    } catch {
      // The connection died (its process was killed) or the test aborted it.
    }
  })();
  return {
    seen,
    reading,
    close: () => controller.abort(),
    async until(match: (event: SeenEvent) => boolean): Promise<SeenEvent> {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const found = seen.find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching event; seen ${JSON.stringify(seen.map((e) => e.type))}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 50);
        });
      }
    },
  };
}

const messageText = (event: SeenEvent) =>
  event.type === 'message.created' ? (event.data as { message: string }).message : null;

let cluster: ApiProcesses;
let token: string;

beforeAll(async () => {
  cluster = await startApiProcesses(2, {
    adminUrl: inject('databaseUrl'),
    env: {
      STAFF_OWNER_EMAIL: OWNER.email,
      STAFF_OWNER_PASSWORD: OWNER.password,
      SUPPORT_TICKET_MAX_PER_WINDOW: '1000',
    },
  });
  const login = await callApi<{ token: string }>(
    cluster.processes[0]!.url,
    'POST',
    '/api/staff/login',
    undefined,
    OWNER,
  );
  token = login.body!.token;
});

afterAll(async () => {
  await cluster?.close();
});

async function fileTicket(baseUrl: string) {
  const created = await callApi<{ id: number; chatUrl: string }>(
    baseUrl,
    'POST',
    '/api/support/create-public',
    undefined,
    {
      name: 'Vera',
      email: 'vera@example.test',
      subject: 'Across processes',
      message: 'Hello',
      priority: 'low',
    },
  );
  expect(created.status).toBe(201);
  const key = new URLSearchParams(new URL(created.body!.chatUrl).hash.slice(1)).get('key')!;
  return { id: created.body!.id, key };
}

const staffMessage = async (baseUrl: string, ticketId: number, message: string) => {
  const sent = await callApi(baseUrl, 'POST', `/api/support/tickets/${ticketId}/messages`, token, { message });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
};

describe('two API processes on one database', () => {
  it('delivers a message sent through one process to streams held by the other', async () => {
    const [a, b] = cluster.processes as [(typeof cluster.processes)[0], (typeof cluster.processes)[0]];
    const { id, key } = await fileTicket(a.url);
    const customer = await openStream(`${b.url}/api/support/chat/${id}/events`, { 'X-Chat-Key': key });
    const issued = await callApi<{ ticket: string }>(a.url, 'POST', '/api/support/events/ticket', token);
    const staff = await openStream(`${b.url}/api/support/events?ticket=${issued.body!.ticket}`, {});
    await customer.until((e) => e.type === 'thread');

    await staffMessage(a.url, id, 'Sent through A');
    const arrived = await customer.until((e) => messageText(e) === 'Sent through A');
    expect(arrived.id).toEqual(expect.any(Number));
    await staff.until(
      (e) =>
        e.type === 'message.created' &&
        (e.data as { message: { message: string } }).message.message === 'Sent through A',
    );
    customer.close();
    staff.close();
  });

  it('resumes a stream on the other process, without loss or repeat, after its process is killed', async () => {
    const [a, b] = cluster.processes as [(typeof cluster.processes)[0], (typeof cluster.processes)[0]];
    const { id, key } = await fileTicket(b.url);
    const first = await openStream(`${a.url}/api/support/chat/${id}/events`, { 'X-Chat-Key': key });
    await first.until((e) => e.type === 'thread');
    for (const n of [1, 2, 3]) await staffMessage(b.url, id, `before ${n}`);
    const lastSeen = await first.until((e) => messageText(e) === 'before 3');

    await a.kill('SIGKILL');
    await first.reading;
    // Sent while the client has no stream at all: only the table can give these back.
    for (const n of [1, 2, 3, 4, 5]) await staffMessage(b.url, id, `during ${n}`);

    const resumed = await openStream(`${b.url}/api/support/chat/${id}/events`, {
      'X-Chat-Key': key,
      'Last-Event-ID': String(lastSeen.id),
    });
    await staffMessage(b.url, id, 'after');
    await resumed.until((e) => messageText(e) === 'after');
    resumed.close();

    const texts = [...first.seen, ...resumed.seen].map(messageText).filter((text) => text !== null);
    expect(texts).toEqual([
      'before 1',
      'before 2',
      'before 3',
      'during 1',
      'during 2',
      'during 3',
      'during 4',
      'during 5',
      'after',
    ]);
    expect(resumed.seen.some((e) => e.type === 'thread')).toBe(false);
    const ids = resumed.seen.map((e) => e.id as number);
    expect(ids.every((eventId, i) => eventId > (i === 0 ? (lastSeen.id as number) : ids[i - 1]!))).toBe(true);

    await a.start();
  });
});
