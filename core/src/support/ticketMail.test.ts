import { describe, expect, it } from 'vitest';
import { FixedClock, MailerSpy } from '../staff/testing/fakes.ts';
import { InMemoryTicketMessages, InMemoryTicketRepository, seedTicket } from './testing/fakes.ts';
import { InMemoryReplyTokens, InMemoryTicketMailbox, SequentialHexTokens } from './testing/deskFakes.ts';
import { parseReplyAddress, REPLY_LINE, replyAddress, stripQuotedReply, TicketMail } from './ticketMail.ts';

const DOMAIN = 'mail.groupflow.test';

describe('reply addresses', () => {
  it('round-trips a ticket and token, in any case, on our domain only', () => {
    const address = replyAddress(42, 'ab12', DOMAIN);
    expect(address).toBe('support+42.ab12@mail.groupflow.test');
    expect(parseReplyAddress(address.toUpperCase(), DOMAIN)).toEqual({ ticketId: 42, token: 'ab12' });
    expect(parseReplyAddress('support+42.ab12@elsewhere.test', DOMAIN)).toBeNull();
    expect(parseReplyAddress('support+42@mail.groupflow.test', DOMAIN)).toBeNull();
    expect(parseReplyAddress('help@mail.groupflow.test', DOMAIN)).toBeNull();
  });
});

describe('stripQuotedReply', () => {
  it.each([
    ['our reply line', `Thanks, it works now.\n\n${REPLY_LINE}\nold text`],
    ['an "On … wrote:" line', 'Thanks, it works now.\r\n\r\nOn Mon, 1 Jan 2026, Support wrote:\r\n> old text'],
    ['">" quoting', 'Thanks, it works now.\n> old text'],
    ['an Outlook header', 'Thanks, it works now.\n-----Original Message-----\nFrom: Support'],
  ])('keeps only the text above %s', (_name, text) => {
    expect(stripQuotedReply(text)).toBe('Thanks, it works now.');
  });

  it('answers an empty text when everything is quoted', () => {
    expect(stripQuotedReply(`> only a quote\n${REPLY_LINE}`)).toBe('');
  });
});

describe('TicketMail', () => {
  const makeSut = async () => {
    const messages = new InMemoryTicketMessages();
    const tickets = new InMemoryTicketRepository(messages);
    const ticket = await seedTicket(tickets);
    const mailer = new MailerSpy();
    const mailbox = new InMemoryTicketMailbox(messages);
    const tokens = new InMemoryReplyTokens();
    const clock = new FixedClock();
    const failures: number[] = [];
    const sut = new TicketMail(mailer, mailbox, tokens, new SequentialHexTokens(), clock, {
      mailDomain: DOMAIN,
      replyTokenTtlMs: 60_000,
      chatAddressOf: (id, key) => `https://gf.test/support-chat?ticket=${id}#key=${key}`,
      onSendFailure: (_error, id) => failures.push(id),
    });
    return { ticket, mailer, mailbox, tokens, clock, failures, sut };
  };

  it('mails a new ticket with its number, the chat link and a reply address that opens only it', async () => {
    const { ticket, mailer, mailbox, tokens, clock, sut } = await makeSut();
    await sut.opened(ticket, 'chat-key');
    const [mail] = mailer.sent;
    expect(mail).toMatchObject({ to: ['visitor@example.test'], subject: expect.stringContaining('[Ticket #1]') });
    expect(mail!.text).toContain('https://gf.test/support-chat?ticket=1#key=chat-key');
    const address = parseReplyAddress(mail!.replyTo!, DOMAIN)!;
    expect(await tokens.ticketOf(`digest:${address.token}`, clock.now())).toBe(1);
    expect(await mailbox.chatKeyOf(1)).toBe('chat-key');
    clock.advance(60_000);
    expect(await tokens.ticketOf(`digest:${address.token}`, clock.now())).toBeNull();
  });

  it('reports a mail that cannot go out instead of failing', async () => {
    const { ticket, mailer, failures, sut } = await makeSut();
    mailer.failWith = new Error('smtp down');
    await sut.opened(ticket, 'chat-key');
    expect(failures).toEqual([1]);
  });

  it('sends no closing mail for a ticket without a mail channel', async () => {
    const { ticket, mailer, sut } = await makeSut();
    await sut.closed(ticket);
    expect(mailer.sent).toEqual([]);
  });

  it("mails the chat link again to the ticket's address, and nothing for a ticket without a mail channel", async () => {
    const { ticket, mailer, mailbox, sut } = await makeSut();
    await sut.linkAgain(ticket);
    expect(mailer.sent).toEqual([]);
    await mailbox.open(ticket.id, 'chat-key');
    await sut.linkAgain(ticket);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: ['visitor@example.test'],
      subject: expect.stringContaining('The link to your chat'),
    });
    expect(mailer.sent[0]!.text).toContain('https://gf.test/support-chat?ticket=1#key=chat-key');
  });
});
