/**
 * The support API over HTTP against real PostgreSQL: public tickets and the customer's keyed chat, the staff
 * ticket calls and their role rules, 20 simultaneous claims with exactly one winner, and event streams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StaffMember, StaffRole } from '@groupflow/core';
import { callApi, checkedFetch, startTestApi, type TestApi } from './apiHarness.ts';
import { sseEvents } from './sseEvents.ts';

let api: TestApi;
let dataDir: string;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  callApi(api.url, method, path, token, body);
/** A customer chat call, the key in its header as the chat page sends it. */
const chatCall = (method: string, path: string, key: string, body?: unknown) =>
  callApi(api.url, method, path, undefined, body, { 'X-Chat-Key': key });

/** The staff stream's address: a fresh single-use ticket bought with the bearer token. */
async function staffStreamPath(token: string, baseUrl = api.url): Promise<string> {
  const issued = await callApi<{ ticket: string }>(baseUrl, 'POST', '/api/support/events/ticket', token);
  expect(issued.status).toBe(200);
  return `/api/support/events?ticket=${issued.body?.ticket}`;
}

async function staffWithToken(role: StaffRole): Promise<{ member: StaffMember; token: string }> {
  const member = await api.provisionStaff(role);
  return { member, token: await api.login(member.email) };
}

async function fileTicket(subject = 'Bot offline') {
  const created = await call('POST', '/api/support/create-public', undefined, {
    name: 'Vera',
    email: 'vera@example.test',
    subject,
    message: 'It stopped answering',
    priority: 'high',
  });
  expect(created.status).toBe(201);
  const chatUrl = new URL(created.body?.chatUrl as string);
  return { id: created.body?.id as number, key: new URLSearchParams(chatUrl.hash.slice(1)).get('key') ?? '', chatUrl };
}

/** Reads a server-sent event stream until `until` accepts an event, or the timeout passes. */
async function readEvents(
  path: string,
  until: (type: string, data: unknown) => boolean,
  headers: Record<string, string> = {},
  timeoutMs = 3000,
) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const response = await checkedFetch(`${api.url}${path}`, { signal: controller.signal, headers });
  const seen: { id: number | null; type: string; data: unknown }[] = [];
  const ready = {
    status: response.status,
    seen,
    done: (async () => {
      if (!response.ok || !response.body) return;
      try {
        for await (const event of sseEvents(response.body as unknown as AsyncIterable<Uint8Array>)) {
          seen.push(event);
          if (until(event.type, event.data)) return;
        }
      } catch {
        // Aborted by the timeout; the caller checks what was seen.
      } finally {
        clearTimeout(timer);
        controller.abort();
      }
    })(),
  };
  return ready;
}

beforeAll(async () => {
  // Without SMTP_URL the mail adapter writes .eml files under DATA_DIR/mail.
  dataDir = await mkdtemp(join(tmpdir(), 'groupflow-support-'));
  // The SLA breach check runs every 200 ms here, so a breach is flagged while a test waits for it.
  api = await startTestApi({ SUPPORT_TICKET_MAX_PER_WINDOW: '1000', DATA_DIR: dataDir, SUPPORT_SLA_CHECK_MS: '200' });
});

afterAll(async () => {
  await api?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('email test', () => {
  it('is for staff only', async () => {
    const sample = { emailAddress: 'me@example.test', type: 'termination' };
    expect((await call('POST', '/api/test-email', undefined, sample)).status).toBe(401);
    expect((await call('POST', '/api/test-email', 'not-a-token', sample)).status).toBe(401);
  });

  it('sends the sample through the mail adapter, and checks the address', async () => {
    const { token } = await staffWithToken('customer_support');
    const sent = await call('POST', '/api/test-email', token, { emailAddress: 'me@example.test', type: 'termination' });
    expect(sent).toMatchObject({ status: 200, body: { success: true, message: 'Test email sent to me@example.test' } });
    const files = await readdir(join(dataDir, 'mail'));
    const mail = await readFile(join(dataDir, 'mail', files[0]!), 'utf8');
    expect(mail).toContain('me@example.test');
    expect(mail).toContain('Termination notice (sample)');
    const bad = await call('POST', '/api/test-email', token, { emailAddress: '' });
    expect(bad.status).toBe(400);
    expect(bad.body?.issues).toEqual([expect.objectContaining({ message: 'Please enter an email address' })]);
  });
});

describe('public tickets and the customer chat', () => {
  it('answers a chat link whose key, and only it, opens the thread', async () => {
    const { id, key, chatUrl } = await fileTicket();
    expect(chatUrl.pathname).toBe('/support-chat');
    expect(chatUrl.searchParams.get('ticket')).toBe(String(id));
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(chatUrl.search).toBe(`?ticket=${id}`);
    const thread = await chatCall('GET', `/api/support/chat/${id}`, key);
    expect(thread.status).toBe(200);
    expect(thread.body).toMatchObject({ ticket: { id, title: 'Bot offline', status: 'open' } });
    expect(thread.body?.messages).toEqual([
      expect.objectContaining({ senderType: 'customer', message: 'It stopped answering' }),
    ]);

    expect((await chatCall('GET', `/api/support/chat/${id}`, `${key.slice(1)}x`)).status).toBe(404);
    expect((await call('GET', `/api/support/chat/${id}`)).status).toBe(400);
    expect((await chatCall('POST', `/api/support/chat/${id}/messages`, 'wrong', { message: 'hi' })).status).toBe(404);
  });

  it('refuses the key in the query string, on every chat call', async () => {
    const { id, key } = await fileTicket();
    for (const [method, path] of [
      ['GET', `/api/support/chat/${id}?key=${key}`],
      ['POST', `/api/support/chat/${id}/messages?key=${key}`],
      ['GET', `/api/support/chat/${id}/events?key=${key}`],
    ] as const) {
      const answer = await call(method, path, undefined, method === 'POST' ? { message: 'hi' } : undefined);
      expect(answer.status, `${method} ${path}`).toBe(400);
      expect(JSON.stringify(answer.body?.issues)).toContain('key');
    }
  });

  it('stores only a hash of the key', async () => {
    const { id, key } = await fileTicket();
    const rows = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ access_key_hash: string }[]>('select access_key_hash from support_tickets where id = ?', [id]);
    expect(rows[0]?.access_key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.access_key_hash).not.toContain(key);
  });

  it('rejects a bad form with 400 and issues, writing nothing', async () => {
    const before = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from support_tickets');
    const bad = await call('POST', '/api/support/create-public', undefined, {
      name: '',
      email: 'nope',
      subject: 'x',
      message: 'y',
    });
    expect(bad.status).toBe(400);
    expect(bad.body?.issues).toBeInstanceOf(Array);
    const after = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from support_tickets');
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('accepts the login page password-reset request without a token', async () => {
    const created = await call('POST', '/api/support/tickets', undefined, {
      title: 'Password reset request',
      description: 'Please reset my password',
      category: 'password_reset',
      priority: 'medium',
      userEmail: 'sam@groupflow.test',
      userName: 'sam',
    });
    expect(created.status).toBe(201);
    const { token } = await staffWithToken('customer_support');
    const list = await call('GET', '/api/support/tickets?search=sam@groupflow.test', token);
    expect(list.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: created.body?.id, category: 'password_reset' })]),
    );
  });
});

describe('staff ticket calls', () => {
  it('refuses every staff call without a token', async () => {
    const { id } = await fileTicket();
    for (const [method, path] of [
      ['GET', '/api/support/tickets'],
      ['GET', `/api/support/tickets/${id}/messages`],
      ['POST', `/api/support/tickets/${id}/claim`],
      ['DELETE', `/api/support/tickets/${id}`],
      ['GET', '/api/support/events'],
    ] as const) {
      expect((await call(method, path)).status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    }
    expect((await call('GET', '/api/support/tickets')).status).toBe(401);
    expect((await call('GET', '/api/support/events?ticket=forged')).status).toBe(401);
    expect((await call('POST', '/api/support/events/ticket')).status).toBe(401);
  });

  it('opens the staff stream with a single-use ticket, and refuses the staff token in the URL', async () => {
    const { token } = await staffWithToken('customer_support');
    expect((await call('GET', `/api/support/events?token=${token}`)).status).toBe(400);
    expect((await call('GET', `/api/support/events?ticket=${token}`)).status).toBe(401);
    const path = await staffStreamPath(token);
    const first = await readEvents(path, () => true, {}, 300);
    expect(first.status).toBe(200);
    await first.done;
    expect((await call('GET', path)).status).toBe(401);
    const rows = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ ticket_hash: string }[]>('select ticket_hash from support_stream_tickets');
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.ticket_hash))).toBe(true);
  });

  it('replays what a reconnecting stream missed, after its Last-Event-ID and in order', async () => {
    const { id, key } = await fileTicket();
    const agent = await staffWithToken('customer_support');
    const opened = await readEvents(`/api/support/chat/${id}/events`, (type) => type === 'thread', {
      'X-Chat-Key': key,
    });
    await opened.done;
    const resumeFrom = opened.seen[0]?.id;
    expect(resumeFrom).toEqual(expect.any(Number));
    await call('POST', `/api/support/tickets/${id}/claim`, agent.token);
    for (const message of ['one', 'two', 'three'])
      await call('POST', `/api/support/tickets/${id}/messages`, agent.token, { message });
    const resumed = await readEvents(
      `/api/support/chat/${id}/events`,
      (type, data) => type === 'message.created' && (data as { message: string }).message === 'three',
      { 'X-Chat-Key': key, 'Last-Event-ID': String(resumeFrom) },
    );
    await resumed.done;
    expect(resumed.seen.map((e) => e.type)).toEqual([
      'ticket.updated',
      'message.created',
      'message.created',
      'message.created',
    ]);
    expect(resumed.seen.slice(1).map((e) => (e.data as { message: string }).message)).toEqual(['one', 'two', 'three']);
    const ids = resumed.seen.map((e) => e.id as number);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(ids[0]).toBeGreaterThan(resumeFrom as number);
    const bad = await readEvents(
      `/api/support/chat/${id}/events`,
      () => true,
      { 'X-Chat-Key': key, 'Last-Event-ID': 'soon' },
      300,
    );
    expect(bad.status).toBe(400);
  });

  it('gives exactly one of 20 simultaneous claims the ticket', async () => {
    const { id } = await fileTicket();
    const agents = await Promise.all(Array.from({ length: 20 }, () => staffWithToken('customer_support')));
    const results = await Promise.all(
      agents.map(({ token }) => call('POST', `/api/support/tickets/${id}/claim`, token)),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    expect(results.find((r) => r.status === 409)?.body).toEqual({
      code: 'SUPPORT.TICKET_ALREADY_CLAIMED',
      message: 'Ticket is already claimed',
    });
    const winner = agents[results.indexOf(winners[0]!)]!;
    expect(winners[0]?.body).toMatchObject({
      claimedBy: winner.member.id,
      claimedByUsername: winner.member.username,
      isLocked: true,
    });
  });

  it('lets only the claimer release, and a platform owner take over', async () => {
    const { id } = await fileTicket();
    const claimer = await staffWithToken('customer_support');
    const other = await staffWithToken('customer_support');
    const owner = await staffWithToken('platform_owner');
    expect((await call('POST', `/api/support/tickets/${id}/claim`, claimer.token)).status).toBe(200);
    expect((await call('POST', `/api/support/tickets/${id}/release`, other.token)).status).toBe(403);
    expect((await call('POST', `/api/support/tickets/${id}/messages`, other.token, { message: 'me too' })).status).toBe(
      409,
    );
    expect((await call('POST', `/api/support/tickets/${id}/release`, claimer.token)).body).toMatchObject({
      claimedBy: null,
      isLocked: false,
    });
    await call('POST', `/api/support/tickets/${id}/claim`, claimer.token);
    expect((await call('POST', `/api/support/tickets/${id}/claim`, owner.token)).body).toMatchObject({
      claimedBy: owner.member.id,
    });
  });

  it('keeps status changes and deletion to ticket managers; messages go with the ticket', async () => {
    const { id, key } = await fileTicket();
    const agent = await staffWithToken('customer_support');
    const director = await staffWithToken('customer_support_director');
    expect((await call('PATCH', `/api/support/tickets/${id}`, agent.token, { status: 'closed' })).status).toBe(403);
    expect((await call('PATCH', `/api/support/tickets/${id}`, director.token, { status: 'nope' })).status).toBe(400);
    expect(
      (await call('PATCH', `/api/support/tickets/${id}`, director.token, { status: 'waiting_response' })).body,
    ).toMatchObject({
      status: 'waiting_response',
    });
    expect((await call('DELETE', `/api/support/tickets/${id}`, agent.token)).status).toBe(403);
    expect((await call('DELETE', `/api/support/tickets/${id}`, director.token)).status).toBe(204);
    expect((await chatCall('GET', `/api/support/chat/${id}`, key)).status).toBe(404);
    const left = await api.orm.em
      .fork()
      .getConnection()
      .execute<{ n: string }[]>('select count(*) as n from support_ticket_messages where ticket_id = ?', [id]);
    expect(Number(left[0]?.n)).toBe(0);
  });

  it('carries a conversation both ways, pushed to the other side', async () => {
    const { id, key } = await fileTicket();
    const agent = await staffWithToken('customer_support');
    const customerStream = await readEvents(
      `/api/support/chat/${id}/events`,
      (type, data) => type === 'message.created' && (data as { message: string }).message === 'How can I help?',
      { 'X-Chat-Key': key },
    );
    const staffStream = await readEvents(
      await staffStreamPath(agent.token),
      (type, data) =>
        type === 'message.created' && (data as { message: { message: string } }).message.message === 'Thanks!',
    );
    expect(customerStream.status).toBe(200);
    expect(staffStream.status).toBe(200);

    const other = await fileTicket('Someone else');
    await call('POST', `/api/support/tickets/${other.id}/messages`, agent.token, { message: 'For the other customer' });
    await call('POST', `/api/support/tickets/${id}/claim`, agent.token);
    const reply = await call('POST', `/api/support/tickets/${id}/messages`, agent.token, {
      message: '  How can I help?  ',
    });
    expect(reply.body).toMatchObject({
      message: 'How can I help?',
      senderType: 'staff',
      senderName: agent.member.username,
    });
    await customerStream.done;
    expect(customerStream.seen[0]?.type).toBe('thread');
    const pushed = customerStream.seen.find((e) => e.type === 'message.created')?.data;
    expect(pushed).toMatchObject({ message: 'How can I help?', senderType: 'staff' });
    expect(pushed).not.toHaveProperty('staffUserId');
    expect(customerStream.seen.some((e) => JSON.stringify(e.data).includes('For the other customer'))).toBe(false);

    expect((await chatCall('POST', `/api/support/chat/${id}/messages`, key, { message: 'Thanks!' })).status).toBe(201);
    await staffStream.done;
    expect(staffStream.seen.map((e) => e.type)).toEqual(expect.arrayContaining(['ticket.updated', 'message.created']));

    const thread = await call('GET', `/api/support/tickets/${id}/messages`, agent.token);
    expect((thread.body as unknown as { message: string }[]).map((m) => m.message)).toEqual([
      'It stopped answering',
      'How can I help?',
      'Thanks!',
    ]);
  });
});

describe('canned responses and labels (issue 39)', () => {
  it('keeps canned responses by short code and posts one filled in for the ticket, its customer and the agent', async () => {
    const { member, token } = await staffWithToken('customer_support');
    const input = {
      shortCode: 'refund-1',
      title: 'Refund',
      body: 'Hi {{customer.name}}, #{{ticket.id}} is done. {{agent.name}}',
    };
    const created = await call('POST', '/api/support/canned-responses', token, input);
    expect(created.status).toBe(201);
    const id = created.body?.id as number;
    expect((await call('POST', '/api/support/canned-responses', token, input)).body?.code).toBe(
      'SUPPORT.SHORT_CODE_TAKEN',
    );
    const listed = await call('GET', '/api/support/canned-responses', token);
    expect((listed.body as unknown as { shortCode: string }[]).map((r) => r.shortCode)).toContain('refund-1');

    const { id: ticketId, key } = await fileTicket('Refund please');
    const posted = await call('POST', `/api/support/tickets/${ticketId}/messages`, token, { cannedResponseId: id });
    expect(posted.status).toBe(201);
    expect(posted.body?.message).toBe(`Hi Vera, #${ticketId} is done. ${member.username}`);
    const chat = await chatCall('GET', `/api/support/chat/${ticketId}`, key);
    expect(JSON.stringify(chat.body)).toContain(`#${ticketId} is done`);

    const renamed = await call('PUT', `/api/support/canned-responses/${id}`, token, { ...input, title: 'Refunded' });
    expect(renamed.body?.title).toBe('Refunded');
    expect((await call('DELETE', `/api/support/canned-responses/${id}`, token)).status).toBe(204);
    expect((await call('DELETE', `/api/support/canned-responses/${id}`, token)).status).toBe(404);
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const { token } = await staffWithToken('customer_support');
    const { id: ticketId } = await fileTicket('Bad input');
    const before = await call('GET', `/api/support/tickets/${ticketId}/messages`, token);
    for (const [body, field] of [
      [{ cannedResponseId: 999_999 }, 'cannedResponseId'],
      [{}, 'message'],
      [{ message: 'Both', cannedResponseId: 1 }, 'message'],
    ] as const) {
      const refused = await call('POST', `/api/support/tickets/${ticketId}/messages`, token, body);
      expect(refused.status).toBe(400);
      expect((refused.body?.issues as { path: string[] }[])[0]?.path).toEqual([field]);
    }
    expect((await call('GET', `/api/support/tickets/${ticketId}/messages`, token)).body).toEqual(before.body);
    for (const [body, field] of [
      [{ shortCode: 'Has Spaces', title: 'x', body: 'x' }, 'shortCode'],
      [{ shortCode: 'ok', title: '', body: 'x' }, 'title'],
      [{ shortCode: 'ok', title: 'x', body: 'x'.repeat(5001) }, 'body'],
    ] as const) {
      const refused = await call('POST', '/api/support/canned-responses', token, body);
      expect(refused.status).toBe(400);
      expect((refused.body?.issues as { path: string[] }[])[0]?.path).toEqual([field]);
    }
    const labels = await call('PUT', `/api/support/tickets/${ticketId}/labels`, token, { labels: ['x'.repeat(41)] });
    expect(labels.status).toBe(400);
    expect((labels.body?.issues as { path: (string | number)[] }[])[0]?.path).toEqual(['labels', 0]);
  });

  it('labels a ticket for staff, filters the list by a label, and never shows labels to the customer', async () => {
    const { token } = await staffWithToken('customer_support');
    const { id, key } = await fileTicket('Labelled');
    const labelled = await call('PUT', `/api/support/tickets/${id}/labels`, token, {
      labels: [' billing ', 'vip-7', 'billing'],
    });
    expect(labelled.body, JSON.stringify(labelled.body)).toMatchObject({ labels: ['billing', 'vip-7'] });
    const filtered = await call('GET', '/api/support/tickets?label=vip-7', token);
    expect((filtered.body as unknown as { id: number }[]).map((t) => t.id)).toEqual([id]);
    expect(JSON.stringify((await chatCall('GET', `/api/support/chat/${id}`, key)).body)).not.toContain('vip-7');
  });
});

describe('SLA policies and clocks (issue 39)', () => {
  const POLICIES = [
    { priority: 'low', firstResponseMinutes: 600, resolutionHours: 96 },
    { priority: 'medium', firstResponseMinutes: 240, resolutionHours: 48 },
    { priority: 'high', firstResponseMinutes: 60, resolutionHours: 12 },
    { priority: 'urgent', firstResponseMinutes: 15, resolutionHours: 4 },
  ];
  const backdate = (id: number, hours: number) =>
    api.orm.em
      .fork()
      .getConnection()
      .execute(`update support_tickets set created_at = now() - make_interval(hours => ?) where id = ?`, [hours, id]);
  const slaMails = async (id: number) => {
    const names = await readdir(join(dataDir, 'mail')).catch(() => [] as string[]);
    const texts = await Promise.all(names.map((name) => readFile(join(dataDir, 'mail', name), 'utf8')));
    return texts.filter((text) => text.includes(`SLA breached: ticket #${id} `));
  };

  it('lets a support director set the targets and refuses an agent, who still reads them', async () => {
    const director = await staffWithToken('customer_support_director');
    const agent = await staffWithToken('customer_support');
    expect((await call('PUT', '/api/support/sla', agent.token, { policies: POLICIES })).status).toBe(403);
    const set = await call('PUT', '/api/support/sla', director.token, { policies: POLICIES });
    expect(set).toMatchObject({ status: 200, body: { policies: POLICIES } });
    expect((await call('GET', '/api/support/sla', agent.token)).body).toEqual({ policies: POLICIES });
    const twice = await call('PUT', '/api/support/sla', director.token, {
      policies: [...POLICIES.slice(0, 3), { ...POLICIES[2], firstResponseMinutes: 5 }],
    });
    expect(twice.status).toBe(400);
    expect((twice.body?.issues as { path: unknown[] }[])[0]?.path).toEqual(['policies', 3, 'priority']);
    expect((await call('GET', '/api/support/sla', agent.token)).body).toEqual({ policies: POLICIES });
  });

  it('lets the platform owner set the targets, and keeps the first-response clock running after a private note', async () => {
    const owner = await staffWithToken('platform_owner');
    expect((await call('PUT', '/api/support/sla', owner.token, { policies: POLICIES })).status).toBe(200);
    const { token } = await staffWithToken('customer_support');
    const noted = await fileTicket('Only a note so far');
    const note = await call('POST', `/api/support/tickets/${noted.id}/messages`, token, {
      message: 'Asked billing',
      private: true,
    });
    expect(note.status).toBe(201);
    const clocks = await call('GET', `/api/support/tickets/${noted.id}`, token);
    expect(clocks.body).toMatchObject({ firstResponseAt: null, sla: { firstResponseDueAt: expect.any(String) } });
  });

  it('stops the first-response clock at the first reply, flags a breach once, mails the directors once and filters', async () => {
    const director = await staffWithToken('customer_support_director');
    await call('PUT', '/api/support/sla', director.token, { policies: POLICIES });
    const { token } = await staffWithToken('customer_support');
    const answered = await fileTicket('Answered in time');
    await call('POST', `/api/support/tickets/${answered.id}/messages`, token, { message: 'On it' });
    const clocks = await call('GET', `/api/support/tickets/${answered.id}`, token);
    expect(clocks.body?.sla).toMatchObject({ firstResponseDueAt: null, breached: false });
    expect(typeof (clocks.body?.sla as { resolutionDueAt: unknown }).resolutionDueAt).toBe('string');

    const late = await fileTicket('Nobody answered');
    await backdate(late.id, 2);
    await expect.poll(async () => (await slaMails(late.id)).length, { timeout: 10_000 }).toBe(1);
    expect((await slaMails(late.id))[0]).toContain(director.member.email);
    const flagged = await call('GET', `/api/support/tickets/${late.id}`, token);
    expect(flagged.body).toMatchObject({ sla: { breached: true } });
    expect(flagged.body?.slaBreachedAt).toEqual(expect.any(String));
    const breached = await call('GET', '/api/support/tickets?sla=breached', token);
    const ids = (breached.body as unknown as { id: number }[]).map((t) => t.id);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(answered.id);
    // Several more checks run; the breach is still mailed once.
    const flaggedAt = flagged.body?.slaBreachedAt;
    await expect
      .poll(async () => (await call('GET', `/api/support/tickets/${late.id}`, token)).body?.slaBreachedAt, {
        timeout: 2_000,
      })
      .toBe(flaggedAt);
    expect(await slaMails(late.id)).toHaveLength(1);
    expect((await call('GET', '/api/support/tickets/999999', token)).status).toBe(404);
  });
});

describe('submission limit', () => {
  it('answers 429 with a clear message and Retry-After past the per-address limit', async () => {
    // The counters live in the shared database: an address of its own keeps this file's other tickets out of them.
    const limited = await startTestApi({
      SUPPORT_TICKET_MAX_PER_WINDOW: '2',
      SUPPORT_TICKET_WINDOW_MINUTES: '10',
      TRUST_PROXY: 'true',
    });
    try {
      const form = { name: 'Vera', email: 'vera@example.test', subject: 'Hi', message: 'Hello', priority: 'low' };
      const submit = () =>
        checkedFetch(`${limited.url}/api/support/create-public`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.20' },
          body: JSON.stringify(form),
        });
      expect((await submit()).status).toBe(201);
      expect((await submit()).status).toBe(201);
      const refused = await submit();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('600');
      expect(await refused.json()).toEqual({
        code: 'SUPPORT.TOO_MANY_TICKETS',
        message: 'Too many support requests from your address. Please try again in 10 minutes.',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('staff event stream after sign-out', () => {
  it('ends at the next heartbeat once the token is revoked', async () => {
    const quick = await startTestApi({ SUPPORT_STREAM_HEARTBEAT_MS: '100' });
    try {
      const member = await quick.provisionStaff('customer_support');
      const token = await quick.login(member.email);
      const response = await checkedFetch(`${quick.url}${await staffStreamPath(token, quick.url)}`);
      expect(response.status).toBe(200);
      const ended = (async () => {
        for await (const _event of sseEvents(response.body!)) {
          // drain until the server closes the stream
        }
        return true;
      })();
      await callApi(quick.url, 'POST', '/api/staff/logout', token);
      await expect(
        Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve(false), 3000))]),
      ).resolves.toBe(true);
    } finally {
      await quick.close();
    }
  });
});
