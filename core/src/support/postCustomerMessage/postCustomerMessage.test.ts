import { describe, expect, it } from 'vitest';
import { NotFound } from '../../shared/errors.ts';
import { FixedClock, SequentialTokenGenerator } from '../../staff/testing/fakes.ts';
import {
  InMemoryTicketMessages,
  InMemoryTicketRepository,
  RecordingTicketEvents,
  seedTicket,
} from '../testing/fakes.ts';
import { PostCustomerMessage } from './postCustomerMessage.ts';

const makeSut = async () => {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  await seedTicket(tickets);
  await seedTicket(tickets, { accessKeyHash: null });
  const events = new RecordingTicketEvents();
  const sut = new PostCustomerMessage(tickets, messages, new SequentialTokenGenerator(), events, new FixedClock());
  return { sut, messages, events };
};

describe('PostCustomerMessage', () => {
  it('stores the answer as the customer with the right key', async () => {
    const { sut, messages, events } = await makeSut();
    await sut.execute(1, 'secret-key', 'Thanks!');
    expect(messages.messages).toEqual([
      expect.objectContaining({
        ticketId: 1,
        senderType: 'customer',
        senderName: 'Vera',
        staffUserId: null,
        message: 'Thanks!',
      }),
    ]);
    expect(events.events).toHaveLength(1);
  });

  it.each([
    ['a wrong key', 1, 'guess'],
    ['a ticket without a key', 2, ''],
    ['an unknown ticket', 3, 'secret-key'],
  ])('refuses %s alike, writing nothing', async (_label, id, key) => {
    const { sut, messages } = await makeSut();
    await expect(sut.execute(id, key, 'hi')).rejects.toEqual(
      new NotFound('SUPPORT.TICKET_NOT_FOUND', 'Ticket not found'),
    );
    expect(messages.messages).toEqual([]);
  });
});
