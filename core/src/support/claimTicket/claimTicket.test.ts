import { describe, expect, it } from 'vitest';
import { Conflict, NotFound } from '../../shared/errors.ts';
import { T0 } from '../../staff/testing/fakes.ts';
import { AGENT, OTHER_AGENT, OWNER, makeTicketWorld } from '../testing/fakes.ts';
import { ClaimTicket } from './claimTicket.ts';

const makeSut = async () => {
  const world = await makeTicketWorld();
  return { ...world, sut: new ClaimTicket(world.tickets, world.activity, world.events, world.clock) };
};

describe('ClaimTicket', () => {
  it('locks an unclaimed ticket to the claimer, logs it and pushes the change', async () => {
    const { sut, tickets, activity, events } = await makeSut();
    const claimed = await sut.execute(AGENT, 1);
    expect(claimed).toMatchObject({ claimedBy: AGENT.id, isLocked: true, claimedAt: T0 });
    expect(tickets.stored(1)).toMatchObject({ claimedBy: AGENT.id, isLocked: true });
    expect(activity.entries).toEqual([expect.objectContaining({ staffUserId: AGENT.id, type: 'ticket.claimed' })]);
    expect(events.events).toEqual([{ type: 'ticket.updated', ticket: claimed }]);
  });

  it('answers "already claimed" to a second staff member and keeps the first claim', async () => {
    const { sut, tickets, activity } = await makeSut();
    await sut.execute(AGENT, 1);
    await expect(sut.execute(OTHER_AGENT, 1)).rejects.toEqual(
      new Conflict('SUPPORT.TICKET_ALREADY_CLAIMED', 'Ticket is already claimed'),
    );
    expect(tickets.stored(1)?.claimedBy).toBe(AGENT.id);
    expect(activity.entries).toHaveLength(1);
  });

  it('lets the claimer claim again', async () => {
    const { sut } = await makeSut();
    await sut.execute(AGENT, 1);
    await expect(sut.execute(AGENT, 1)).resolves.toMatchObject({ claimedBy: AGENT.id });
  });

  it('lets a platform_owner take a claimed ticket over', async () => {
    const { sut, tickets } = await makeSut();
    await sut.execute(AGENT, 1);
    await sut.execute(OWNER, 1);
    expect(tickets.stored(1)?.claimedBy).toBe(OWNER.id);
  });

  it('answers not found for an unknown ticket', async () => {
    const { sut } = await makeSut();
    await expect(sut.execute(AGENT, 99)).rejects.toBeInstanceOf(NotFound);
  });
});
