import { describe, expect, it } from 'vitest';
import { makeTicketWorld } from '../testing/fakes.ts';
import { InMemorySupportAgents } from '../testing/deskFakes.ts';
import { AutoAssignTicket, type AutoAssignMode } from './autoAssignTicket.ts';

const T = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 8, minutes));

async function makeSut(mode: AutoAssignMode = 'round-robin') {
  const world = await makeTicketWorld();
  const agents = new InMemorySupportAgents();
  const sut = new AutoAssignTicket(agents, world.tickets, world.activity, world.events, world.clock, {
    mode,
    maxOpenPerAgent: 3,
  });
  const ticket = (await world.tickets.findById(1))!;
  return { ...world, agents, ticket, sut };
}

describe('AutoAssignTicket', () => {
  it('gives the ticket to the member with the fewest open tickets', async () => {
    const { agents, ticket, events, activity, sut } = await makeSut();
    agents.agents.push(
      { id: 3, username: 'sam', role: 'customer_support', openTickets: 2, lastAssignedAt: null },
      { id: 4, username: 'kim', role: 'customer_support', openTickets: 1, lastAssignedAt: T(5) },
    );
    expect(await sut.execute(ticket)).toMatchObject({ claimedBy: 4, isLocked: true });
    expect(agents.assignments).toEqual([{ staffId: 4, at: expect.any(Date) }]);
    expect(events.events).toEqual([expect.objectContaining({ type: 'ticket.updated' })]);
    expect(await activity.latest(5, null)).toEqual([expect.objectContaining({ type: 'ticket.assigned' })]);
  });

  it('breaks a tie by the longest since the last assignment, never-assigned first', async () => {
    const { agents, ticket, sut } = await makeSut();
    agents.agents.push(
      { id: 3, username: 'sam', role: 'customer_support', openTickets: 1, lastAssignedAt: T(9) },
      { id: 4, username: 'kim', role: 'customer_support', openTickets: 1, lastAssignedAt: T(2) },
    );
    expect(await sut.execute(ticket)).toMatchObject({ claimedBy: 4 });
  });

  it('passes over members at the cap and members of other roles; with nobody left the ticket stays unassigned', async () => {
    const { agents, ticket, tickets, sut } = await makeSut();
    agents.agents.push(
      { id: 3, username: 'sam', role: 'customer_support', openTickets: 3, lastAssignedAt: null },
      { id: 6, username: 'mia', role: 'marketing_director', openTickets: 0, lastAssignedAt: null },
    );
    expect(await sut.execute(ticket)).toBeNull();
    expect(tickets.stored(1)?.claimedBy).toBeNull();
  });

  it('leaves a ticket someone claimed meanwhile with them', async () => {
    const { agents, ticket, tickets, clock, sut } = await makeSut();
    agents.agents.push({ id: 3, username: 'sam', role: 'customer_support', openTickets: 0, lastAssignedAt: null });
    await tickets.tryClaim(1, 9, clock.now(), false);
    expect(await sut.execute(ticket)).toBeNull();
    expect(tickets.stored(1)?.claimedBy).toBe(9);
    expect(agents.assignments).toEqual([]);
  });

  it('does nothing when automatic assignment is off', async () => {
    const { agents, ticket, sut } = await makeSut('off');
    agents.agents.push({ id: 3, username: 'sam', role: 'customer_support', openTickets: 0, lastAssignedAt: null });
    expect(await sut.execute(ticket)).toBeNull();
  });
});
