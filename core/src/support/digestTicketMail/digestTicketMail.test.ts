import { describe, expect, it } from 'vitest';
import { FixedClock, MailerSpy } from '../../staff/testing/fakes.ts';
import { InMemoryTicketMessages, InMemoryTicketRepository, seedTicket } from '../testing/fakes.ts';
import {
  FakeChatReaders,
  InMemoryReplyTokens,
  InMemoryTicketMailbox,
  SequentialHexTokens,
} from '../testing/deskFakes.ts';
import { TicketMail } from '../ticketMail.ts';
import { DigestTicketMail } from './digestTicketMail.ts';

const INTERVAL = 300_000;

async function makeSut() {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  const ticket = await seedTicket(tickets);
  const mailer = new MailerSpy();
  const mailbox = new InMemoryTicketMailbox(messages);
  const readers = new FakeChatReaders();
  const clock = new FixedClock();
  const mail = new TicketMail(mailer, mailbox, new InMemoryReplyTokens(), new SequentialHexTokens(), clock, {
    mailDomain: 'mail.test',
    replyTokenTtlMs: INTERVAL,
    chatAddressOf: (id, key) => `chat/${id}#${key}`,
    onSendFailure: () => {},
  });
  await mailbox.open(ticket.id, 'key');
  const reply = (text: string) =>
    messages.add({
      ticketId: ticket.id,
      staffUserId: 3,
      senderName: 'sam',
      senderType: 'staff',
      message: text,
      createdAt: clock.now(),
    });
  const sut = new DigestTicketMail(tickets, messages, mailbox, readers, mail, clock, {
    intervalMs: INTERVAL,
    batch: 10,
  });
  return { mailer, readers, clock, reply, sut };
}

describe('DigestTicketMail', () => {
  it('mails the unseen replies together, then at most once per interval', async () => {
    const { mailer, clock, reply, sut } = await makeSut();
    await reply('First');
    await reply('Second');
    expect(await sut.execute()).toBe(1);
    expect(mailer.sent[0]!.text).toMatch(/First[\s\S]*Second/);
    await reply('Third');
    clock.advance(INTERVAL - 1);
    expect(await sut.execute()).toBe(0);
    clock.advance(1);
    expect(await sut.execute()).toBe(1);
    expect(mailer.sent[1]!.text).toContain('Third');
    expect(mailer.sent[1]!.text).not.toContain('First');
    expect(await sut.execute()).toBe(0);
  });

  it('mails nothing while the chat is open, and never mails what the open chat showed', async () => {
    const { mailer, readers, reply, sut } = await makeSut();
    readers.open.add(1);
    await reply('Seen live');
    expect(await sut.execute()).toBe(0);
    readers.open.delete(1);
    expect(await sut.execute()).toBe(0);
    await reply('Missed');
    expect(await sut.execute()).toBe(1);
    expect(mailer.sent.map((m) => m.text).join()).not.toContain('Seen live');
  });
});
