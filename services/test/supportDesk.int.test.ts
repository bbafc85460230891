/**
 * Issue 39 over HTTP and SMTP against real PostgreSQL: ticket mail both ways against SMTP servers on loopback (the
 * outgoing mail captured, the replies sent to the product's own SMTP port), the reply digest and the open chat that
 * holds it back, automatic assignment, and satisfaction ratings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { simpleParser } from 'mailparser';
import type { StaffRole } from '@groupflow/core';
import { freePort } from '@groupflow/adapters/net/freePort';
import { callApi, checkedFetch, startTestApi, type TestApi } from './apiHarness.ts';
import { startSmtpCapture, type SmtpCapture } from './smtpCapture.ts';
import { sseEvents } from './sseEvents.ts';

const DOMAIN = 'mail.groupflow.test';
const DIGEST_SECONDS = 2;
const MAX_INBOUND_BYTES = 20_000;
const INBOUND_PER_WINDOW = 3;

let api: TestApi;
let smtp: SmtpCapture;
let inboundPort: number;
const runId = `${process.pid}${Date.now().toString(36)}`;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  callApi(api.url, method, path, token, body);

async function staffToken(role: StaffRole): Promise<{ id: number; token: string }> {
  const member = await api.provisionStaff(role);
  return { id: member.id, token: await api.login(member.email) };
}

async function fileTicket(subject: string, email = `vera-${runId}@example.test`) {
  const created = await call('POST', '/api/support/create-public', undefined, {
    name: 'Vera',
    email,
    subject,
    message: 'It stopped answering',
    priority: 'high',
  });
  expect(created.status).toBe(201);
  const chatUrl = new URL(created.body?.chatUrl as string);
  return { id: created.body?.id as number, key: new URLSearchParams(chatUrl.hash.slice(1)).get('key') ?? '' };
}

/** The captured mails about one ticket, parsed, in the order they arrived. */
async function mailsOf(ticketId: number) {
  const parsed = await Promise.all(smtp.received.map((mail) => simpleParser(mail.raw)));
  return parsed
    .filter((mail) => mail.subject?.startsWith(`[Ticket #${ticketId}]`))
    .map((mail) => ({
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      to: mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [],
      replyTo: mail.replyTo?.value[0]?.address ?? '',
      date: mail.date ?? new Date(0),
    }));
}

/**
 * How long a mail may take to arrive: the digest runs every SUPPORT_EMAIL_CHECK_MS, but on a loaded machine (the whole
 * suite in parallel) a round can wait for a connection; well inside the integration tests' 60 s.
 */
const MAIL_WAIT_MS = 40_000;

async function waitForMails(ticketId: number, count: number) {
  await expect
    .poll(async () => (await mailsOf(ticketId)).length, { timeout: MAIL_WAIT_MS })
    .toBeGreaterThanOrEqual(count);
  return mailsOf(ticketId);
}

let senders = 0;
/** A sender of its own per mail unless named: the per-sender limit has a test of its own. */
const freshSender = () => `vera-${runId}-${(senders += 1)}@example.test`;

/** Sends a mail to the product's inbound SMTP port, as the domain's MX relay would hand it over. */
function sendInbound(to: string, text: string, from = freshSender()) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: inboundPort,
    secure: false,
    ignoreTLS: true,
  });
  return transport.sendMail({ from, to, subject: 'Re: your ticket', text });
}

async function messagesOf(ticketId: number, token: string) {
  const answer = await callApi<{ id: number; senderType: string; message: string }[]>(
    api.url,
    'GET',
    `/api/support/tickets/${ticketId}/messages`,
    token,
  );
  return answer.body ?? [];
}

async function mailMark(ticketId: number): Promise<number> {
  const [row] = await api.orm.em
    .getConnection()
    .execute<{ mailed_message_id: number }[]>('select mailed_message_id from support_ticket_mail where ticket_id = ?', [
      ticketId,
    ]);
  return row?.mailed_message_id ?? -1;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  inboundPort = await freePort();
  api = await startTestApi({
    SMTP_URL: smtp.url,
    MAIL_DOMAIN: DOMAIN,
    INBOUND_SMTP_PORT: String(inboundPort),
    INBOUND_MAIL_MAX_BYTES: String(MAX_INBOUND_BYTES),
    INBOUND_MAIL_MAX_PER_WINDOW: String(INBOUND_PER_WINDOW),
    SUPPORT_EMAIL_DIGEST_SECONDS: String(DIGEST_SECONDS),
    SUPPORT_EMAIL_CHECK_MS: '50',
    SUPPORT_STREAM_HEARTBEAT_MS: '500',
    SUPPORT_AUTO_ASSIGN: 'round-robin',
    SUPPORT_MAX_OPEN_PER_AGENT: '2',
  });
});

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

describe('ticket mail both ways', () => {
  it('mails a new ticket, and a reply to its Reply-To becomes a customer message without the quoted text', async () => {
    const agent = await staffToken('platform_owner');
    const ticket = await fileTicket('Round trip');
    const [opening] = await waitForMails(ticket.id, 1);
    expect(opening!.to).toEqual([`vera-${runId}@example.test`]);
    expect(opening!.subject).toContain('Round trip');
    expect(opening!.text).toContain(`/support-chat?ticket=${ticket.id}#key=`);
    expect(opening!.replyTo).toMatch(new RegExp(`^support\\+${ticket.id}\\.[0-9a-f]{40}@${DOMAIN}$`));

    await sendInbound(
      opening!.replyTo,
      `Here is more detail.\n\nOn Mon, 1 Jan 2026, GroupFlow Support wrote:\n> ${opening!.text.split('\n').join('\n> ')}`,
    );
    const messages = await messagesOf(ticket.id, agent.token);
    expect(messages.at(-1)).toMatchObject({ senderType: 'customer', message: 'Here is more detail.' });
  });

  it.each([
    ['a wrong token', (id: number) => `support+${id}.${'0'.repeat(40)}@${DOMAIN}`],
    ['another ticket', () => ''],
    ['an unknown address', () => `help@${DOMAIN}`],
  ])('refuses %s at the SMTP level (5xx) and stores nothing', async (_name, addressOf) => {
    const agent = await staffToken('platform_owner');
    const ticket = await fileTicket('Refusals');
    const other = await fileTicket('Refusals, other');
    const [otherMail] = await waitForMails(other.id, 1);
    const before = await messagesOf(ticket.id, agent.token);
    // "another ticket": the other ticket's token under this ticket's number.
    const address = addressOf(ticket.id) || otherMail!.replyTo.replace(`+${other.id}.`, `+${ticket.id}.`);
    await expect(sendInbound(address, 'Let me in')).rejects.toMatchObject({ responseCode: 550 });
    expect(await messagesOf(ticket.id, agent.token)).toEqual(before);
  });

  it('refuses an expired token', async () => {
    const agent = await staffToken('platform_owner');
    const ticket = await fileTicket('Expired');
    const [opening] = await waitForMails(ticket.id, 1);
    await api.orm.em
      .getConnection()
      .execute(`update support_reply_tokens set expires_at = now() - interval '1 minute' where ticket_id = ?`, [
        ticket.id,
      ]);
    await expect(sendInbound(opening!.replyTo, 'Too late')).rejects.toMatchObject({ responseCode: 550 });
    expect(await messagesOf(ticket.id, agent.token)).toHaveLength(1);
  });

  it('mails the chat link again to the address a ticket was filed with, answering a stranger the same (issue 36)', async () => {
    const email = `lost-${runId}@example.test`;
    const ticket = await fileTicket('Lost my link', email);
    await waitForMails(ticket.id, 1);
    const stranger = await call('POST', '/api/support/find-ticket', undefined, {
      email: 'mallory@example.test',
      ticketId: ticket.id,
    });
    const owner = await call('POST', '/api/support/find-ticket', undefined, {
      email: email.toUpperCase(),
      ticketId: ticket.id,
    });
    expect(stranger.status).toBe(202);
    expect(owner.status).toBe(202);
    // Nothing in the answer tells which tickets exist, nor carries the link.
    expect(stranger.body).toEqual(owner.body);
    expect(JSON.stringify(owner.body)).not.toContain(ticket.key);
    const mails = await waitForMails(ticket.id, 2);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({ to: [email], subject: expect.stringContaining('The link to your chat') });
    expect(mails[1]!.text).toContain(`#key=${ticket.key}`);
    const invalid = await call('POST', '/api/support/find-ticket', undefined, { email: 'nope', ticketId: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'REQUEST.INVALID' });
  });

  it('refuses a mail over the size limit (552) and too many mails from one sender (450)', async () => {
    const agent = await staffToken('platform_owner');
    const ticket = await fileTicket('Limits');
    const [opening] = await waitForMails(ticket.id, 1);
    await expect(sendInbound(opening!.replyTo, 'x'.repeat(MAX_INBOUND_BYTES * 2))).rejects.toMatchObject({
      responseCode: 552,
    });
    expect(await messagesOf(ticket.id, agent.token)).toHaveLength(1);

    const flooder = `flood-${runId}@example.test`;
    for (let i = 0; i < INBOUND_PER_WINDOW; i += 1) await sendInbound(opening!.replyTo, `Note ${i}`, flooder);
    await expect(sendInbound(opening!.replyTo, 'One more', flooder)).rejects.toMatchObject({ responseCode: 450 });
    expect(await messagesOf(ticket.id, agent.token)).toHaveLength(1 + INBOUND_PER_WINDOW);
  });
});

describe('the reply digest', () => {
  it('mails staff replies at most once per SUPPORT_EMAIL_DIGEST_SECONDS, the ones in between together', async () => {
    const agent = await staffToken('platform_owner');
    const ticket = await fileTicket('Digest');
    await waitForMails(ticket.id, 1);
    for (const text of ['First answer', 'Second answer'])
      expect(
        (await call('POST', `/api/support/tickets/${ticket.id}/messages`, agent.token, { message: text })).status,
      ).toBe(201);
    const [opening, digest] = await waitForMails(ticket.id, 2);
    expect(digest!.text).toMatch(/First answer[\s\S]*Second answer/);
    expect(digest!.text).toContain(`/support-chat?ticket=${ticket.id}#key=`);
    expect(digest!.replyTo).not.toBe(opening!.replyTo);
    // Mail dates have whole seconds: the interval holds to within one.
    expect(digest!.date.getTime() - opening!.date.getTime()).toBeGreaterThanOrEqual((DIGEST_SECONDS - 1) * 1000);

    await call('POST', `/api/support/tickets/${ticket.id}/messages`, agent.token, { message: 'Third answer' });
    const mails = await waitForMails(ticket.id, 3);
    expect(mails[2]!.text).toContain('Third answer');
    expect(mails[2]!.text).not.toContain('First answer');
  });

  it('mails nothing while the customer has the chat open, and never what the open chat showed', async () => {
    const agent = await staffToken('platform_owner');
    const ticket = await fileTicket('Reading');
    await waitForMails(ticket.id, 1);
    const controller = new AbortController();
    const stream = await checkedFetch(`${api.url}/api/support/chat/${ticket.id}/events`, {
      headers: { 'X-Chat-Key': ticket.key },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const events = sseEvents(stream.body!);
    expect((await events.next()).value?.type).toBe('thread');

    const seen = await call('POST', `/api/support/tickets/${ticket.id}/messages`, agent.token, {
      message: 'Seen live',
    });
    // The digest looked and stepped over the reply the open chat showed.
    await expect.poll(() => mailMark(ticket.id), { timeout: MAIL_WAIT_MS }).toBe(seen.body?.id);
    expect(await mailsOf(ticket.id)).toHaveLength(1);
    controller.abort();

    await call('POST', `/api/support/tickets/${ticket.id}/messages`, agent.token, { message: 'Missed it' });
    const [, digest] = await waitForMails(ticket.id, 2);
    expect(digest!.text).toContain('Missed it');
    expect(digest!.text).not.toContain('Seen live');
  });
});

describe('private notes (issue 39)', () => {
  it("keeps a staff note out of the customer's chat, its event stream and mail, and shows it to staff marked", async () => {
    const agent = await staffToken('platform_owner');
    const ticket = await fileTicket('Notes');
    await waitForMails(ticket.id, 1);
    const controller = new AbortController();
    const stream = await checkedFetch(`${api.url}/api/support/chat/${ticket.id}/events`, {
      headers: { 'X-Chat-Key': ticket.key },
      signal: controller.signal,
    });
    const events = sseEvents(stream.body!);
    expect((await events.next()).value?.type).toBe('thread');

    const note = await call('POST', `/api/support/tickets/${ticket.id}/messages`, agent.token, {
      message: 'Internal: refund approved',
      private: true,
    });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ isPrivate: true });
    await call('POST', `/api/support/tickets/${ticket.id}/messages`, agent.token, {
      message: 'Your refund is on its way',
    });
    // The stream's next message is the reply: the note was never sent to it.
    const next = (await events.next()).value as { type: string; data: { message: string } };
    expect(next).toMatchObject({ type: 'message.created', data: { message: 'Your refund is on its way' } });
    controller.abort();

    const chat = await callApi<{ messages: { message: string }[] }>(
      api.url,
      'GET',
      `/api/support/chat/${ticket.id}`,
      undefined,
      undefined,
      { 'X-Chat-Key': ticket.key },
    );
    expect(chat.body?.messages.map((m) => m.message)).not.toContain('Internal: refund approved');
    const staffView = await messagesOf(ticket.id, agent.token);
    expect(staffView.find((m) => m.message === 'Internal: refund approved')).toMatchObject({ senderType: 'staff' });

    await call('POST', `/api/support/tickets/${ticket.id}/messages`, agent.token, { message: 'Anything else?' });
    const mails = await waitForMails(ticket.id, 2);
    expect(mails.map((mail) => mail.text).join('\n')).not.toContain('Internal: refund approved');
  });
});

describe('automatic assignment (round-robin)', () => {
  it('gives a new ticket to the clocked-in support member with the fewest open tickets, never past the cap', async () => {
    // A quiet desk: members earlier test files left clocked in go off shift.
    await api.orm.em.getConnection().execute('update staff_users set clocked_in = false where clocked_in', [], 'run');
    expect((await fileTicket('Nobody in')).id).toBeGreaterThan(0);
    const owner = await staffToken('platform_owner');
    const sam = await staffToken('customer_support');
    const kim = await staffToken('customer_support');
    const lee = await staffToken('marketing_director');
    for (const member of [sam, kim, lee])
      expect((await call('POST', '/api/staff/clock-in', member.token)).status).toBe(200);

    const claimerOf = async (id: number) => {
      const list = await callApi<{ id: number; claimedBy: number | null }[]>(
        api.url,
        'GET',
        '/api/support/tickets?limit=50',
        owner.token,
      );
      return list.body?.find((t) => t.id === id)?.claimedBy ?? null;
    };
    const first = await fileTicket('Assign 1');
    const second = await fileTicket('Assign 2');
    const firstClaimer = await claimerOf(first.id);
    const secondClaimer = await claimerOf(second.id);
    expect([firstClaimer, secondClaimer].sort()).toEqual([sam.id, kim.id].sort());

    // Clocking out keeps one's tickets, and takes one out of the round.
    expect((await call('POST', '/api/staff/clock-out', kim.token)).status).toBe(200);
    expect(await claimerOf(first.id)).toBe(firstClaimer);
    const third = await fileTicket('Assign 3');
    expect(await claimerOf(third.id)).toBe(sam.id);
    // sam now holds SUPPORT_MAX_OPEN_PER_AGENT (2) open tickets: the next one waits unassigned.
    const fourth = await fileTicket('Assign 4');
    expect(await claimerOf(fourth.id)).toBeNull();
    await call('POST', '/api/staff/clock-out', sam.token);
    await call('POST', '/api/staff/clock-out', lee.token);
  });
});

describe('satisfaction ratings', () => {
  it('takes one rating of a closed ticket with the chat key, shows it in the chat, and refuses a second (409)', async () => {
    const owner = await staffToken('platform_owner');
    const ticket = await fileTicket('Rate me');
    const rate = (body: unknown, key = ticket.key) =>
      callApi(api.url, 'POST', `/api/support/tickets/${ticket.id}/rating`, undefined, body, { 'X-Chat-Key': key });

    expect((await rate({ score: 5 })).body).toMatchObject({ code: 'SUPPORT.TICKET_NOT_CLOSED' });
    await call('PATCH', `/api/support/tickets/${ticket.id}`, owner.token, { status: 'closed' });
    const closing = (await waitForMails(ticket.id, 2)).at(-1)!;
    expect(closing.subject).toContain('closed');
    expect(closing.text).toContain(`/support-chat?ticket=${ticket.id}#key=`);

    for (const bad of [{ score: 0 }, { score: 6 }, { score: 4.5 }, { score: 4, comment: 'x'.repeat(2001) }, {}]) {
      const answer = await rate(bad);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'REQUEST.INVALID' });
    }
    expect((await rate({ score: 4 }, 'wrong key')).status).toBe(404);
    expect(
      (await callApi(api.url, 'POST', `/api/support/tickets/${ticket.id}/rating`, undefined, { score: 4 })).status,
    ).toBe(400);

    const rated = await rate({ score: 4, comment: 'Quick and kind' });
    expect(rated.status).toBe(201);
    expect(rated.body).toMatchObject({ score: 4, comment: 'Quick and kind' });
    const second = await rate({ score: 1 });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'SUPPORT.ALREADY_RATED' });
    const thread = await callApi(api.url, 'GET', `/api/support/chat/${ticket.id}`, undefined, undefined, {
      'X-Chat-Key': ticket.key,
    });
    expect(thread.body?.rating).toMatchObject({ score: 4, comment: 'Quick and kind' });
  });
});

describe('analytics', () => {
  it('answers the issue 39 figures for each range and refuses another range', async () => {
    const owner = await staffToken('platform_owner');
    for (const range of ['24h', '7d', '30d', '90d']) {
      const answer = await call('GET', `/api/support/analytics?range=${range}`, owner.token);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        range,
        tickets: expect.any(Number),
        open: expect.any(Number),
        csat: { responses: expect.any(Number) },
        slaBreaches: expect.any(Number),
      });
      expect((answer.body as { series: unknown[] }).series).toHaveLength(range === '24h' ? 24 : Number.parseInt(range));
    }
    const week = await call('GET', '/api/support/analytics?range=7d', owner.token);
    expect((week.body as { csat: { responses: number } }).csat.responses).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/support/analytics?range=1y', owner.token)).status).toBe(400);
  });
});
