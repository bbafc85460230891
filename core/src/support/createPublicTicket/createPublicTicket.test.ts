import { describe, expect, it } from 'vitest';
import { TooManyAttempts } from '../../shared/errors.ts';
import { FixedClock, SequentialTokenGenerator, T0 } from '../../staff/testing/fakes.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { InMemoryTicketMessages, InMemoryTicketRepository, RecordingTicketEvents } from '../testing/fakes.ts';
import { CreatePublicTicket } from './createPublicTicket.ts';

const input = {
  name: 'Vera',
  email: 'vera@example.test',
  subject: 'Bot offline',
  message: 'Help please',
  priority: 'high' as const,
};

const makeSut = () => {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  const events = new RecordingTicketEvents();
  const clock = new FixedClock();
  const sut = new CreatePublicTicket(tickets, messages, new SequentialTokenGenerator(), events, clock, {
    chatAddressOf: (ticketId: number, key: string) =>
      `https://groupflow.test/support-chat?ticket=${ticketId}#${new URLSearchParams({ key }).toString()}`,
    limit: new InMemoryRateLimiter({ points: 2, windowMs: 10 * 60_000 }, clock),
  });
  return { sut, tickets, messages, events };
};

describe('CreatePublicTicket', () => {
  it('stores an open ticket from the form and answers a chat link carrying a fresh key', async () => {
    const { sut, tickets } = makeSut();
    const created = await sut.execute(input, '10.0.0.1');
    expect(created).toEqual({ id: 1, chatUrl: 'https://groupflow.test/support-chat?ticket=1#key=token-1' });
    expect(tickets.stored(1)).toMatchObject({
      title: 'Bot offline',
      description: 'Help please',
      priority: 'high',
      status: 'open',
      userEmail: 'vera@example.test',
      userName: 'Vera',
      claimedBy: null,
    });
  });

  it('keeps only the hash of the key', async () => {
    const { sut, tickets } = makeSut();
    await sut.execute(input, '10.0.0.1');
    expect(await tickets.accessKeyHashOf(1)).toBe('digest:token-1');
  });

  it('opens the thread with the customer message and announces the ticket', async () => {
    const { sut, messages, events } = makeSut();
    await sut.execute(input, '10.0.0.1');
    expect(messages.messages).toEqual([
      expect.objectContaining({
        ticketId: 1,
        senderType: 'customer',
        senderName: 'Vera',
        message: 'Help please',
        createdAt: T0,
      }),
    ]);
    expect(events.events.map((e) => e.type)).toEqual(['ticket.created', 'message.created']);
  });

  it('refuses an address past the limit without writing a ticket', async () => {
    const { sut, tickets } = makeSut();
    await sut.execute(input, '10.0.0.1');
    await sut.execute(input, '10.0.0.1');
    await expect(sut.execute(input, '10.0.0.1')).rejects.toBeInstanceOf(TooManyAttempts);
    expect(await tickets.list({}, null, 10)).toHaveLength(2);
    await expect(sut.execute(input, '10.0.0.2')).resolves.toMatchObject({ id: 3 });
  });
});
