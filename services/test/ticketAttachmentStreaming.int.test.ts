/**
 * Issue 33: an attachment upload streams into PostgreSQL a chunk at a time instead of sitting whole in memory, over
 * HTTP against real PostgreSQL. A 32 MiB recording goes in without the API process holding it, and comes back
 * byte for byte (whole and by a Range across chunks); an upload that passes the cap part-way, or whose sender goes
 * away part-way, leaves no message, attachment or chunk behind.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { once } from 'node:events';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './apiHarness.ts';
import { fileTicket as fileTicketFor } from './gateFixtures.ts';

const MIB = 1024 * 1024;
const MAX_BYTES = 40 * MIB;
let api: TestApi;
let token: string;

// A forced collection before each sample measures what is held, not garbage the collector has not reached yet.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** Every MiB of a test file: WebM's EBML magic number, then bytes that differ by position. */
const PIECE = (() => {
  const piece = new Uint8Array(MIB);
  for (let i = 0; i < MIB; i += 1) piece[i] = (i * 7) % 251;
  piece.set([0x1a, 0x45, 0xdf, 0xa3]);
  return piece;
})();
const byteAt = (position: number) => PIECE[position % MIB]!;

interface Sending {
  total: number;
  /** The sender goes away (the connection is destroyed) once this many bytes are sent. */
  abandonAfter?: number;
}

/**
 * Uploads `total` bytes made a MiB at a time as they are sent (chunked, no Content-Length), through node:http so
 * the sender waits for the socket to drain: fetch would read the whole body ahead into memory, and the memory
 * measured here is the API's.
 */
function upload(ticketId: number, sending: Sending): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${api.url}/api/support/tickets/${ticketId}/attachments`,
      // A connection of its own: one a refused upload left behind must not carry the next.
      { method: 'POST', agent: false, headers: { authorization: `Bearer ${token}`, 'content-type': 'video/webm' } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => (body += text));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    // Each MiB waits for the socket to take the last: a refusal part-way (413) or the sender going away ends the
    // writing, and the answer, or the request's error, settles the promise.
    void (async () => {
      for (let sent = 0; sent < sending.total; sent += MIB) {
        if (sending.abandonAfter !== undefined && sent >= sending.abandonAfter) {
          request.destroy(new Error('The sender went away'));
          return;
        }
        if (!request.write(PIECE.slice(0, Math.min(MIB, sending.total - sent)))) await once(request, 'drain');
      }
      request.end();
    })().catch(() => undefined);
  });
}

const fileTicket = async () => (await fileTicketFor(api, 'Screen')).id;

/**
 * What the ticket holds once no upload is writing any more: taking SHARE on the attachments table waits for every
 * transaction that inserted into it (an upload still streaming, or rolling back) to end.
 */
async function storedFor(ticketId: number) {
  return api.orm.em.fork().transactional(async (em) => {
    const run = <T extends object[]>(sql: string, params: unknown[] = []) =>
      em.getConnection().execute<T>(sql, params, 'all', em.getTransactionContext());
    await run(`set local lock_timeout = '30s'`);
    await run('lock table support_ticket_attachments in share mode');
    const [row] = await run<{ messages: number; attachments: number; chunks: number }[]>(
      `select (select count(*)::int from support_ticket_messages where ticket_id = ?) as messages,
              (select count(*)::int from support_ticket_attachments where ticket_id = ?) as attachments,
              (select count(*)::int from support_ticket_attachment_chunks c
                 join support_ticket_attachments a on a.id = c.attachment_id where a.ticket_id = ?) as chunks`,
      [ticketId, ticketId, ticketId],
    );
    return row!;
  });
}

/** The attachment id sequence's last value: an upload that began writing moved it, even if it rolled back. */
async function lastAttachmentId(): Promise<number> {
  const [row] = await api.orm.em
    .fork()
    .getConnection()
    .execute<{ last: string | null }[]>(`select pg_sequence_last_value('support_ticket_attachments_id_seq') as last`);
  return Number(row?.last ?? 0);
}

beforeAll(async () => {
  api = await startTestApi({ MAX_ATTACHMENT_BYTES: String(MAX_BYTES), ATTACHMENT_LINK_TTL_SECONDS: '60' });
  token = await api.login((await api.provisionStaff('customer_support')).email);
});
afterAll(async () => {
  await api?.close();
});

describe('a streamed attachment upload', () => {
  it('stores a 32 MiB recording without the API holding it, and plays it back byte for byte', async () => {
    const size = 32 * MIB;
    const ticketId = await fileTicket();
    collectGarbage();
    const before = process.memoryUsage().arrayBuffers;
    let peak = before;
    const sampler = setInterval(() => {
      collectGarbage();
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
    }, 50);
    const answer = await upload(ticketId, { total: size }).finally(() => clearInterval(sampler));
    expect(answer.status).toBe(201);
    // Held whole, the file alone would be 32 MiB (and its pieces as much again); streamed, a chunk or two and the
    // sockets' buffers.
    expect(peak - before).toBeLessThan(size / 2);

    const { attachment } = JSON.parse(answer.body) as { attachment: { id: number; size: number } };
    expect(attachment.size).toBe(size);
    expect(await storedFor(ticketId)).toEqual({ messages: 2, attachments: 1, chunks: 32 });

    const link = await fetch(`${api.url}/api/support/tickets/${ticketId}/attachments/${attachment.id}/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const { url } = (await link.json()) as { url: string };
    const across = await fetch(`${api.url}${url}`, { headers: { Range: `bytes=${MIB - 100}-${3 * MIB + 99}` } });
    expect(across.status).toBe(206);
    const part = new Uint8Array(await across.arrayBuffer());
    expect(part.length).toBe(2 * MIB + 200);
    expect(part.every((byte, i) => byte === byteAt(MIB - 100 + i))).toBe(true);

    const whole = await fetch(`${api.url}${url}`);
    const received = createHash('sha256');
    let length = 0;
    for await (const piece of whole.body as unknown as AsyncIterable<Uint8Array>) {
      received.update(piece);
      length += piece.length;
    }
    const expected = createHash('sha256');
    for (let i = 0; i < 32; i += 1) expected.update(PIECE);
    expect(length).toBe(size);
    expect(received.digest('hex')).toBe(expected.digest('hex'));
  }, 120_000);

  it('refuses with 413 an upload that passes MAX_ATTACHMENT_BYTES part-way, and keeps nothing of it', async () => {
    const ticketId = await fileTicket();
    const idBefore = await lastAttachmentId();
    const answer = await upload(ticketId, { total: MAX_BYTES + MIB });
    expect(answer.status).toBe(413);
    expect((JSON.parse(answer.body) as { code: string }).code).toMatch(/^[A-Z]+\.[A-Z_]+$/);
    expect(await lastAttachmentId()).toBeGreaterThan(idBefore);
    expect(await storedFor(ticketId)).toEqual({ messages: 1, attachments: 0, chunks: 0 });
  }, 120_000);

  it('keeps nothing of an upload whose sender goes away part-way', async () => {
    const ticketId = await fileTicket();
    const idBefore = await lastAttachmentId();
    // Past what loopback sockets buffer, so the API is writing chunks when the sender goes.
    await expect(upload(ticketId, { total: 32 * MIB, abandonAfter: 24 * MIB })).rejects.toThrow('The sender went away');
    expect(await storedFor(ticketId)).toEqual({ messages: 1, attachments: 0, chunks: 0 });
    expect(await lastAttachmentId()).toBeGreaterThan(idBefore);
  }, 120_000);
});
