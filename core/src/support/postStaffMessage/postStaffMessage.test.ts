import { describe, expect, it } from 'vitest';
import { Conflict, NotFound } from '../../shared/errors.ts';
import { FixedClock, T0 } from '../../staff/testing/fakes.ts';
import {
  AGENT,
  InMemoryTicketMessages,
  InMemoryTicketRepository,
  OTHER_AGENT,
  OWNER,
  RecordingTicketEvents,
  seedTicket,
} from '../testing/fakes.ts';
import { isCustomerVisible } from '../customerVisible.ts';
import { PostStaffMessage } from './postStaffMessage.ts';

const makeSut = async () => {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  await seedTicket(tickets);
  const events = new RecordingTicketEvents();
  return { sut: new PostStaffMessage(tickets, messages, events, new FixedClock()), tickets, messages, events };
};

describe('PostStaffMessage', () => {
  it('stores a staff reply under the staff username and pushes it', async () => {
    const { sut, messages, events } = await makeSut();
    const sent = await sut.execute(AGENT, 1, 'On it');
    expect(sent).toMatchObject({
      ticketId: 1,
      staffUserId: AGENT.id,
      senderName: 'sam',
      senderType: 'staff',
      createdAt: T0,
    });
    expect(messages.messages).toHaveLength(1);
    expect(events.events).toEqual([{ type: 'message.created', ticketId: 1, message: sent }]);
  });

  it('refuses another agent while the ticket is claimed, but not the platform owner', async () => {
    const { sut, tickets, messages } = await makeSut();
    await tickets.tryClaim(1, AGENT.id, T0, false);
    await expect(sut.execute(OTHER_AGENT, 1, 'Me too')).rejects.toBeInstanceOf(Conflict);
    await sut.execute(OWNER, 1, 'Owner here');
    expect(messages.messages.map((m) => m.senderName)).toEqual(['owner']);
  });

  it('adds a private note, even to a ticket another agent claimed, that the customer never reads (issue 39)', async () => {
    const { sut, tickets, messages } = await makeSut();
    await tickets.tryClaim(1, AGENT.id, T0, false);
    const note = await sut.execute(OTHER_AGENT, 1, 'Refund approved by finance', { isPrivate: true });
    expect(note).toMatchObject({ isPrivate: true, senderType: 'staff' });
    await expect(sut.execute(OTHER_AGENT, 1, 'Hello')).rejects.toBeInstanceOf(Conflict);
    const reply = await sut.execute(AGENT, 1, 'Your refund is on its way');
    expect(messages.messages.filter(isCustomerVisible).map((m) => m.id)).toEqual([reply.id]);
  });

  it('answers not found for an unknown ticket', async () => {
    const { sut } = await makeSut();
    await expect(sut.execute(AGENT, 7, 'x')).rejects.toBeInstanceOf(NotFound);
  });
});
