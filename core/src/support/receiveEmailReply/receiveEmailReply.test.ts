import { describe, expect, it } from 'vitest';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { FixedClock } from '../../staff/testing/fakes.ts';
import {
  InMemoryTicketMessages,
  InMemoryTicketRepository,
  RecordingTicketEvents,
  seedTicket,
} from '../testing/fakes.ts';
import { InMemoryReplyTokens, SequentialHexTokens } from '../testing/deskFakes.ts';
import { REPLY_LINE, replyAddress } from '../ticketMail.ts';
import { ReceiveEmailReply } from './receiveEmailReply.ts';

const DOMAIN = 'mail.test';

async function makeSut() {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  await seedTicket(tickets);
  await seedTicket(tickets, { title: 'Another' });
  const tokens = new InMemoryReplyTokens();
  const clock = new FixedClock();
  const events = new RecordingTicketEvents();
  await tokens.save('digest:abc', 1, new Date(clock.now().getTime() + 1000));
  const senderLimit = new InMemoryRateLimiter({ points: 2, windowMs: 60_000 }, clock);
  const sut = new ReceiveEmailReply(tickets, messages, tokens, new SequentialHexTokens(), events, clock, {
    mailDomain: DOMAIN,
    senderLimit,
  });
  return { tickets, messages, clock, events, sut };
}

describe('ReceiveEmailReply', () => {
  it("posts the customer's words above the reply line on the ticket", async () => {
    const { messages, events, sut } = await makeSut();
    const message = await sut.execute({
      recipient: replyAddress(1, 'abc', DOMAIN),
      sender: 'visitor@example.test',
      text: `It works now, thanks!\n\n${REPLY_LINE}\nOur earlier mail`,
    });
    expect(message).toMatchObject({
      ticketId: 1,
      senderType: 'customer',
      senderName: 'Vera',
      message: 'It works now, thanks!',
    });
    expect(await messages.listFor(1)).toHaveLength(1);
    expect(events.events.map((e) => e.type)).toEqual(['message.created']);
  });

  it.each([
    ['a wrong token', replyAddress(1, 'abd', DOMAIN)],
    ["another ticket's number", replyAddress(2, 'abc', DOMAIN)],
    ['another domain', replyAddress(1, 'abc', 'elsewhere.test')],
    ['any other address', `help@${DOMAIN}`],
  ])('refuses %s and stores nothing', async (_name, recipient) => {
    const { messages, sut } = await makeSut();
    await expect(sut.admitRecipient(recipient)).rejects.toMatchObject({ code: 'SUPPORT.REPLY_ADDRESS_INVALID' });
    await expect(sut.execute({ recipient, sender: 'a@b.test', text: 'Hi' })).rejects.toMatchObject({
      kind: 'NotFound',
    });
    expect(await messages.listFor(1)).toEqual([]);
    expect(await messages.listFor(2)).toEqual([]);
  });

  it('refuses an expired token', async () => {
    const { clock, sut } = await makeSut();
    clock.advance(1000);
    await expect(sut.admitRecipient(replyAddress(1, 'abc', DOMAIN))).rejects.toMatchObject({
      code: 'SUPPORT.REPLY_ADDRESS_INVALID',
    });
  });

  it('refuses a reply that is all quote', async () => {
    const { sut } = await makeSut();
    await expect(
      sut.execute({ recipient: replyAddress(1, 'abc', DOMAIN), sender: 'a@b.test', text: '> quoted only' }),
    ).rejects.toMatchObject({ kind: 'Invalid', code: 'SUPPORT.EMPTY_REPLY' });
  });

  it('reopens a closed ticket', async () => {
    const { tickets, events, clock, sut } = await makeSut();
    await tickets.setStatus(1, 'closed', clock.now());
    await sut.execute({ recipient: replyAddress(1, 'abc', DOMAIN), sender: 'a@b.test', text: 'Still broken' });
    expect(tickets.stored(1)?.status).toBe('open');
    expect(events.events.map((e) => e.type)).toEqual(['message.created', 'ticket.updated']);
  });

  it('limits mails per sender, in any case', async () => {
    const { sut } = await makeSut();
    await sut.admitSender('Visitor@Example.test');
    await sut.admitSender('visitor@example.test');
    await expect(sut.admitSender('VISITOR@example.test')).rejects.toMatchObject({
      kind: 'TooManyAttempts',
      code: 'SUPPORT.TOO_MANY_MAILS',
    });
    await sut.admitSender('other@example.test');
  });
});
