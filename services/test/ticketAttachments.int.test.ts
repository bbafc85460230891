/**
 * Issue 26: screen recordings attached to a ticket chat, over HTTP against real PostgreSQL. Upload (type, content,
 * size cap, claim), the message in both threads and both event streams, playback links for staff and for the chat
 * key holder, Range answers a <video> element can seek with, and the abuse cases: another ticket's key, a staff
 * member locked out by another's claim, a stranger guessing ids and tokens, a link borrowed for another attachment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@groupflow/core';
import { callApi, checkedFetch, startTestApi, type TestApi } from './apiHarness.ts';
import { sseEvents } from './sseEvents.ts';

const MAX_BYTES = 4096;
let api: TestApi;

/** A WebM as far as the checks go: the EBML magic number, then filler bytes that differ by position. */
const webm = (size: number) => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 7) % 256;
  bytes.set([0x1a, 0x45, 0xdf, 0xa3]);
  return bytes;
};

async function staffToken(role: StaffRole): Promise<{ id: number; token: string }> {
  const member = await api.provisionStaff(role);
  return { id: member.id, token: await api.login(member.email) };
}

async function fileTicket() {
  const created = await callApi(api.url, 'POST', '/api/support/create-public', undefined, {
    name: 'Vera',
    email: 'vera@example.test',
    subject: 'Screen issue',
    message: 'See recording',
    priority: 'low',
  });
  expect(created.status).toBe(201);
  const chatUrl = new URL(created.body?.chatUrl as string);
  return { id: created.body?.id as number, key: new URLSearchParams(chatUrl.hash.slice(1)).get('key') ?? '' };
}

function upload(ticketId: number, token: string, body: Uint8Array, type = 'video/webm;codecs=vp8,opus', query = '') {
  return checkedFetch(`${api.url}/api/support/tickets/${ticketId}/attachments${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body,
  });
}

const staffLink = (ticketId: number, attachmentId: number, token: string) =>
  callApi<{ url: string; expiresAt: string }>(
    api.url,
    'POST',
    `/api/support/tickets/${ticketId}/attachments/${attachmentId}/link`,
    token,
  );
const chatLink = (ticketId: number, attachmentId: number, key: string) =>
  callApi<{ url: string; expiresAt: string }>(
    api.url,
    'POST',
    `/api/support/chat/${ticketId}/attachments/${attachmentId}/link`,
    undefined,
    undefined,
    { 'X-Chat-Key': key },
  );

const messageCount = async (ticketId: number) => {
  const rows = await api.orm.em
    .fork()
    .getConnection()
    .execute<{ n: number }[]>('select count(*)::int as n from support_ticket_messages where ticket_id = ?', [ticketId]);
  return rows[0]!.n;
};

beforeAll(async () => {
  api = await startTestApi({ MAX_ATTACHMENT_BYTES: String(MAX_BYTES), ATTACHMENT_LINK_TTL_SECONDS: '60' });
});
afterAll(async () => {
  await api?.close();
});

describe('attaching a recording', () => {
  it('stores it as a staff message both threads show, announced on both event streams', async () => {
    const agent = await staffToken('customer_support');
    const ticket = await fileTicket();
    const issued = await callApi<{ ticket: string }>(api.url, 'POST', '/api/support/events/ticket', agent.token);
    const staffStream = await fetch(`${api.url}/api/support/events?ticket=${issued.body?.ticket}`);
    const chatStream = await fetch(`${api.url}/api/support/chat/${ticket.id}/events`, {
      headers: { 'X-Chat-Key': ticket.key },
    });
    const firstAnnouncement = async (body: ReadableStream<Uint8Array>) => {
      for await (const event of sseEvents(body as unknown as AsyncIterable<Uint8Array>)) {
        const data = event.data as { message?: { attachment?: unknown }; attachment?: unknown };
        if (event.type === 'message.created' && (data.message?.attachment ?? data.attachment)) return data;
      }
      return undefined;
    };
    const staffSaw = firstAnnouncement(staffStream.body!);
    const customerSaw = firstAnnouncement(chatStream.body!);

    const answer = await upload(
      ticket.id,
      agent.token,
      webm(3000),
      'video/webm;codecs=vp8,opus',
      '?durationSeconds=75',
    );
    expect(answer.status).toBe(201);
    const message = (await answer.json()) as { id: number; message: string; attachment: Record<string, unknown> };
    expect(message).toMatchObject({
      senderType: 'staff',
      message: 'Screen recording (1:15)',
      attachment: { contentType: 'video/webm', size: 3000, durationSeconds: 75 },
    });

    const staffThread = await callApi<{ attachment: unknown }[]>(
      api.url,
      'GET',
      `/api/support/tickets/${ticket.id}/messages`,
      agent.token,
    );
    expect(staffThread.body?.at(-1)?.attachment).toEqual(message.attachment);
    const customerThread = await callApi<{ messages: { attachment: unknown }[] }>(
      api.url,
      'GET',
      `/api/support/chat/${ticket.id}`,
      undefined,
      undefined,
      { 'X-Chat-Key': ticket.key },
    );
    expect(customerThread.body?.messages.at(-1)?.attachment).toEqual(message.attachment);

    expect(await staffSaw).toMatchObject({ ticketId: ticket.id, message: { attachment: message.attachment } });
    expect(await customerSaw).toMatchObject({ id: message.id, attachment: message.attachment });
    await staffStream.body!.cancel();
    await chatStream.body!.cancel();
  });

  it('refuses a file over MAX_ATTACHMENT_BYTES with 413 and writes nothing', async () => {
    const agent = await staffToken('customer_support');
    const ticket = await fileTicket();
    const before = await messageCount(ticket.id);
    const answer = await upload(ticket.id, agent.token, webm(MAX_BYTES + 1));
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { message: string }).message).toMatch(/larger than the/);
    expect(await messageCount(ticket.id)).toBe(before);
  });

  it('refuses another type, and a body that is not the WebM it claims to be, with 400', async () => {
    const agent = await staffToken('customer_support');
    const ticket = await fileTicket();
    const wrongType = await upload(ticket.id, agent.token, webm(100), 'image/png');
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { issues: { path: string[] }[] }).issues[0]?.path).toEqual(['content-type']);
    const notWebm = await upload(ticket.id, agent.token, new TextEncoder().encode('<html>not a video</html>'));
    expect(notWebm.status).toBe(400);
    const empty = await upload(ticket.id, agent.token, new Uint8Array());
    expect(empty.status).toBe(400);
    expect(await messageCount(ticket.id)).toBe(1);
  });

  it("refuses a staff member while another holds the ticket's claim (409), but not the platform owner", async () => {
    const claimer = await staffToken('customer_support');
    const other = await staffToken('customer_support');
    const owner = await staffToken('platform_owner');
    const ticket = await fileTicket();
    expect((await callApi(api.url, 'POST', `/api/support/tickets/${ticket.id}/claim`, claimer.token)).status).toBe(200);
    expect((await upload(ticket.id, other.token, webm(100))).status).toBe(409);
    expect(await messageCount(ticket.id)).toBe(1);
    expect((await upload(ticket.id, claimer.token, webm(100))).status).toBe(201);
    expect((await upload(ticket.id, owner.token, webm(100))).status).toBe(201);
  });

  it('answers 401 without a bearer token and 404 for an unknown ticket', async () => {
    const agent = await staffToken('customer_support');
    const ticket = await fileTicket();
    const anonymous = await fetch(`${api.url}/api/support/tickets/${ticket.id}/attachments`, {
      method: 'POST',
      headers: { 'content-type': 'video/webm' },
      body: webm(100),
    });
    expect(anonymous.status).toBe(401);
    expect((await upload(999_999, agent.token, webm(100))).status).toBe(404);
  });
});

describe('who reads tickets (issue 33)', () => {
  it.each(['marketing_director', 'human_resources_director'] as const)(
    'refuses %s the ticket list, a thread, a recording and the event stream with 403',
    async (role) => {
      const agent = await staffToken('customer_support');
      const ticket = await fileTicket();
      const answer = await upload(ticket.id, agent.token, webm(100));
      const { attachment } = (await answer.json()) as { attachment: { id: number } };
      const outsider = await staffToken(role);
      const refusals = [
        await callApi(api.url, 'GET', '/api/support/tickets', outsider.token),
        await callApi(api.url, 'GET', `/api/support/tickets/${ticket.id}/messages`, outsider.token),
        await staffLink(ticket.id, attachment.id, outsider.token),
        await callApi(api.url, 'POST', '/api/support/events/ticket', outsider.token),
        await callApi(api.url, 'POST', `/api/support/tickets/${ticket.id}/claim`, outsider.token),
      ];
      expect(refusals.map((refusal) => [refusal.status, (refusal.body as { code?: string } | null)?.code])).toEqual(
        refusals.map(() => [403, 'SUPPORT.READ_FORBIDDEN']),
      );
      const attaching = await upload(ticket.id, outsider.token, webm(100));
      expect(attaching.status).toBe(403);
      expect(await messageCount(ticket.id)).toBe(2);
    },
  );

  it.each(['customer_support', 'director_legal_affairs_safety'] as const)(
    'lets %s read the list, the thread and the recording',
    async (role) => {
      const reader = await staffToken(role);
      const ticket = await fileTicket();
      const answer = await upload(ticket.id, reader.token, webm(100));
      const { attachment } = (await answer.json()) as { attachment: { id: number } };
      expect((await callApi(api.url, 'GET', '/api/support/tickets', reader.token)).status).toBe(200);
      expect((await callApi(api.url, 'GET', `/api/support/tickets/${ticket.id}/messages`, reader.token)).status).toBe(
        200,
      );
      const link = await staffLink(ticket.id, attachment.id, reader.token);
      expect((await fetch(`${api.url}${link.body!.url}`)).status).toBe(200);
    },
  );
});

describe('playing a recording', () => {
  async function attached() {
    const agent = await staffToken('customer_support');
    const ticket = await fileTicket();
    const bytes = webm(3000);
    const answer = await upload(ticket.id, agent.token, bytes);
    const { attachment } = (await answer.json()) as { attachment: { id: number } };
    return { agent, ticket, bytes, attachmentId: attachment.id };
  }

  it("opens by a staff link and by the chat key holder's link, whole or by Range (206), never cached", async () => {
    const { agent, ticket, bytes, attachmentId } = await attached();
    for (const link of [
      await staffLink(ticket.id, attachmentId, agent.token),
      await chatLink(ticket.id, attachmentId, ticket.key),
    ]) {
      expect(link.status).toBe(200);
      expect(new Date(link.body!.expiresAt).getTime()).toBeGreaterThan(Date.now());
      const whole = await fetch(`${api.url}${link.body!.url}`);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('video/webm');
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(whole.headers.get('cache-control')).toBe('no-store');
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);

      const part = await fetch(`${api.url}${link.body!.url}`, { headers: { Range: 'bytes=1000-1999' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 1000-1999/3000');
      expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(1000, 2000));
      const tail = await fetch(`${api.url}${link.body!.url}`, { headers: { Range: 'bytes=-10' } });
      expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.slice(2990));
      const beyond = await fetch(`${api.url}${link.body!.url}`, { headers: { Range: 'bytes=5000-' } });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe('bytes */3000');
    }
  });

  it("refuses a link to another ticket's key, and to an attachment through a ticket it does not belong to", async () => {
    const { ticket, attachmentId } = await attached();
    const strangers = await fileTicket();
    // The stranger's own key on the owner's ticket, and on their own ticket naming the owner's attachment.
    expect((await chatLink(ticket.id, attachmentId, strangers.key)).status).toBe(404);
    expect((await chatLink(strangers.id, attachmentId, strangers.key)).status).toBe(404);
    const agent = await staffToken('customer_support');
    expect((await staffLink(strangers.id, attachmentId, agent.token)).status).toBe(404);
    // No key at all: the chat key header is required.
    expect(
      (await callApi(api.url, 'POST', `/api/support/chat/${ticket.id}/attachments/${attachmentId}/link`)).status,
    ).toBe(400);
  });

  it('opens nothing for a guessed token, a missing one, or a link borrowed for another attachment', async () => {
    const first = await attached();
    const second = await attached();
    expect((await fetch(`${api.url}/api/support/attachments/${first.attachmentId}?access=guess`)).status).toBe(404);
    expect((await fetch(`${api.url}/api/support/attachments/${first.attachmentId}`)).status).toBe(400);
    const link = await staffLink(second.ticket.id, second.attachmentId, second.agent.token);
    const borrowed = link.body!.url.replace(
      `/attachments/${second.attachmentId}?`,
      `/attachments/${first.attachmentId}?`,
    );
    expect((await fetch(`${api.url}${borrowed}`)).status).toBe(404);
  });

  it('goes with its ticket: a deleted ticket leaves no attachment to open', async () => {
    const { ticket, attachmentId, agent } = await attached();
    const link = await staffLink(ticket.id, attachmentId, agent.token);
    const owner = await staffToken('platform_owner');
    expect((await callApi(api.url, 'DELETE', `/api/support/tickets/${ticket.id}`, owner.token)).status).toBe(204);
    expect((await fetch(`${api.url}${link.body!.url}`)).status).toBe(404);
  });
});
