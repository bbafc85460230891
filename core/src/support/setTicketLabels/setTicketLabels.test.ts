import { describe, expect, it } from 'vitest';
import { Forbidden, NotFound } from '../../shared/errors.ts';
import { FixedClock, T0 } from '../../staff/testing/fakes.ts';
import { AGENT, InMemoryTicketRepository, OTHER_AGENT, RecordingTicketEvents, seedTicket } from '../testing/fakes.ts';
import { SetTicketLabels } from './setTicketLabels.ts';

const makeSut = async () => {
  const tickets = new InMemoryTicketRepository();
  await seedTicket(tickets);
  const events = new RecordingTicketEvents();
  return { sut: new SetTicketLabels(tickets, events, new FixedClock()), tickets, events };
};

describe('SetTicketLabels', () => {
  it('replaces the labels, even on a ticket another member claimed, tells the staff screens, and filters the list', async () => {
    const { sut, tickets, events } = await makeSut();
    await tickets.tryClaim(1, AGENT.id, T0, false);
    const ticket = await sut.execute(OTHER_AGENT, 1, ['billing', 'vip']);
    expect(ticket.labels).toEqual(['billing', 'vip']);
    expect(events.events).toEqual([{ type: 'ticket.updated', ticket }]);
    expect((await tickets.list({ label: 'vip' }, null, 10)).map((t) => t.id)).toEqual([1]);
    expect(await tickets.list({ label: 'bug' }, null, 10)).toEqual([]);
    expect((await sut.execute(AGENT, 1, [])).labels).toEqual([]);
  });

  it('answers not found for an unknown ticket and refuses members who do not answer tickets', async () => {
    const { sut, events } = await makeSut();
    await expect(sut.execute(AGENT, 7, ['x'])).rejects.toBeInstanceOf(NotFound);
    await expect(
      sut.execute({ id: 9, username: 'hr', role: 'human_resources_director' }, 1, ['x']),
    ).rejects.toBeInstanceOf(Forbidden);
    expect(events.events).toEqual([]);
  });
});
