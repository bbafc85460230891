import { describe, expect, it } from 'vitest';
import { Forbidden, NotFound } from '../../shared/errors.ts';
import { InMemoryStaffActivityLog } from '../../staff/testing/fakes.ts';
import {
  AGENT,
  DIRECTOR,
  InMemoryTicketMessages,
  InMemoryTicketRepository,
  RecordingTicketEvents,
  seedTicket,
} from '../testing/fakes.ts';
import { DeleteTicket } from './deleteTicket.ts';

const makeSut = async () => {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  await seedTicket(tickets);
  await messages.add({
    ticketId: 1,
    staffUserId: null,
    senderName: 'Vera',
    senderType: 'customer',
    message: 'hi',
    createdAt: new Date(),
  });
  const activity = new InMemoryStaffActivityLog();
  const events = new RecordingTicketEvents();
  return { sut: new DeleteTicket(tickets, activity, events), tickets, messages, activity, events };
};

describe('DeleteTicket', () => {
  it('deletes the ticket with its messages, logs it and pushes the removal', async () => {
    const { sut, tickets, messages, activity, events } = await makeSut();
    await sut.execute(DIRECTOR, 1);
    expect(tickets.stored(1)).toBeUndefined();
    expect(messages.messages).toEqual([]);
    expect(activity.entries[0]).toMatchObject({ staffUserId: DIRECTOR.id, type: 'ticket.deleted' });
    expect(events.events).toEqual([{ type: 'ticket.deleted', ticketId: 1 }]);
  });

  it('refuses a customer_support agent', async () => {
    const { sut, tickets } = await makeSut();
    await expect(sut.execute(AGENT, 1)).rejects.toBeInstanceOf(Forbidden);
    expect(tickets.stored(1)).toBeDefined();
  });

  it('answers not found for an unknown ticket', async () => {
    const { sut } = await makeSut();
    await expect(sut.execute(DIRECTOR, 5)).rejects.toBeInstanceOf(NotFound);
  });
});
