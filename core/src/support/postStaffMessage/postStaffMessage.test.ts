import { describe, expect, it } from 'vitest';
import { Conflict, Invalid, NotFound } from '../../shared/errors.ts';
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
import { InMemoryCannedResponses } from '../testing/deskFakes.ts';
import { PostStaffMessage } from './postStaffMessage.ts';

const makeSut = async () => {
  const messages = new InMemoryTicketMessages();
  const tickets = new InMemoryTicketRepository(messages);
  await seedTicket(tickets);
  const events = new RecordingTicketEvents();
  const canned = new InMemoryCannedResponses();
  const sut = new PostStaffMessage(tickets, messages, events, new FixedClock(), canned);
  return { sut, tickets, messages, events, canned };
};

describe('PostStaffMessage', () => {
  it('stores a staff reply under the staff username and pushes it', async () => {
    const { sut, messages, events } = await makeSut();
    const sent = await sut.execute(AGENT, 1, { message: 'On it' });
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
    await expect(sut.execute(OTHER_AGENT, 1, { message: 'Me too' })).rejects.toBeInstanceOf(Conflict);
    await sut.execute(OWNER, 1, { message: 'Owner here' });
    expect(messages.messages.map((m) => m.senderName)).toEqual(['owner']);
  });

  it('adds a private note, even to a ticket another agent claimed, that the customer never reads (issue 39)', async () => {
    const { sut, tickets, messages } = await makeSut();
    await tickets.tryClaim(1, AGENT.id, T0, false);
    const note = await sut.execute(OTHER_AGENT, 1, { message: 'Refund approved by finance' }, { isPrivate: true });
    expect(note).toMatchObject({ isPrivate: true, senderType: 'staff' });
    // A note is no answer to the customer: the first-response clock runs on.
    expect(tickets.stored(1)?.firstResponseAt).toBeNull();
    await expect(sut.execute(OTHER_AGENT, 1, { message: 'Hello' })).rejects.toBeInstanceOf(Conflict);
    const reply = await sut.execute(AGENT, 1, { message: 'Your refund is on its way' });
    expect(tickets.stored(1)?.firstResponseAt).toEqual(reply.createdAt);
    expect(messages.messages.filter(isCustomerVisible).map((m) => m.id)).toEqual([reply.id]);
  });

  it('answers not found for an unknown ticket', async () => {
    const { sut } = await makeSut();
    await expect(sut.execute(AGENT, 7, { message: 'x' })).rejects.toBeInstanceOf(NotFound);
  });

  it('posts a canned response filled in for the ticket, its customer and the agent (issue 39)', async () => {
    const { sut, canned, messages } = await makeSut();
    const greeting = await canned.create(
      {
        shortCode: 'hi',
        title: 'Greeting',
        body: 'Hi {{customer.name}}, {{agent.name}} here about #{{ticket.id}}. {{other}}',
      },
      T0,
    );
    const sent = await sut.execute(AGENT, 1, { cannedResponseId: (greeting as { id: number }).id });
    expect(sent.message).toBe('Hi Vera, sam here about #1. {{other}}');
    expect((await messages.listFor(1)).map((m) => m.message)).toEqual([sent.message]);
  });

  it('refuses an unknown canned response with a 400 naming the field, and stores nothing', async () => {
    const { sut, messages, events } = await makeSut();
    const refusal = sut.execute(AGENT, 1, { cannedResponseId: 99 });
    await expect(refusal).rejects.toBeInstanceOf(Invalid);
    await expect(refusal).rejects.toMatchObject({
      code: 'SUPPORT.CANNED_RESPONSE_NOT_FOUND',
      issues: [{ path: ['cannedResponseId'] }],
    });
    expect(messages.messages).toEqual([]);
    expect(events.events).toEqual([]);
  });
});
