import { describe, expect, it } from 'vitest';
import { Forbidden, NotFound } from '../../shared/errors.ts';
import { AGENT, OTHER_AGENT, OWNER, makeTicketWorld } from '../testing/fakes.ts';
import { ReleaseTicket } from './releaseTicket.ts';

const makeSut = async () => {
  const world = await makeTicketWorld();
  await world.tickets.tryClaim(1, AGENT.id, new Date(), false);
  return { ...world, sut: new ReleaseTicket(world.tickets, world.activity, world.events, world.clock) };
};

describe('ReleaseTicket', () => {
  it('lets the claimer release and unlocks the ticket', async () => {
    const { sut, tickets, activity, events } = await makeSut();
    const released = await sut.execute(AGENT, 1);
    expect(tickets.stored(1)).toMatchObject({ claimedBy: null, isLocked: false, claimedAt: null });
    expect(activity.entries).toEqual([
      expect.objectContaining({
        staffUserId: AGENT.id,
        type: 'ticket.released',
        description: 'sam released ticket #1',
      }),
    ]);
    expect(events.events).toEqual([{ type: 'ticket.updated', ticket: released }]);
  });

  it.each([
    ['another agent', OTHER_AGENT],
    ['even the platform owner', OWNER],
  ])('refuses %s and keeps the claim', async (_label, actor) => {
    const { sut, tickets, activity, events } = await makeSut();
    await expect(sut.execute(actor, 1)).rejects.toEqual(
      new Forbidden('SUPPORT.NOT_CLAIMER', 'Only the staff member who claimed this ticket can release it'),
    );
    expect(tickets.stored(1)?.claimedBy).toBe(AGENT.id);
    expect(activity.entries).toEqual([]);
    expect(events.events).toEqual([]);
  });

  it('answers not found for an unknown ticket', async () => {
    const { sut } = await makeSut();
    await expect(sut.execute(AGENT, 99)).rejects.toBeInstanceOf(NotFound);
  });
});
