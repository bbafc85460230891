import { describe, expect, it } from 'vitest';
import { Forbidden, NotFound } from '../../shared/errors.ts';
import { AGENT, DIRECTOR, OWNER, makeTicketWorld } from '../testing/fakes.ts';
import { ChangeTicketStatus } from './changeTicketStatus.ts';

const makeSut = async () => {
  const world = await makeTicketWorld();
  return { ...world, sut: new ChangeTicketStatus(world.tickets, world.activity, world.events, world.clock) };
};

describe('ChangeTicketStatus', () => {
  it.each([DIRECTOR, OWNER])('lets $role set any status', async (actor) => {
    const { sut, tickets, activity, events } = await makeSut();
    await sut.execute(actor, 1, 'closed');
    await sut.execute(actor, 1, 'open');
    expect(tickets.stored(1)?.status).toBe('open');
    expect(activity.entries.map((e) => e.type)).toEqual(['ticket.status_changed', 'ticket.status_changed']);
    expect(events.events).toHaveLength(2);
  });

  it('refuses roles outside the support-ticket managers', async () => {
    const { sut, tickets } = await makeSut();
    await expect(sut.execute(AGENT, 1, 'closed')).rejects.toBeInstanceOf(Forbidden);
    expect(tickets.stored(1)?.status).toBe('open');
  });

  it('answers not found for an unknown ticket', async () => {
    const { sut } = await makeSut();
    await expect(sut.execute(OWNER, 9, 'closed')).rejects.toBeInstanceOf(NotFound);
  });
});
