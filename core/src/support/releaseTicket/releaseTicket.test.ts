import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { FixedClock, InMemoryStaffActivityLog } from '../../staff/testing/fakes.ts';
import {
  AGENT,
  InMemoryTicketRepository,
  OTHER_AGENT,
  OWNER,
  RecordingTicketEvents,
  seedTicket,
} from '../testing/fakes.ts';
import { ReleaseTicket } from './releaseTicket.ts';

const makeSut = async () => {
  const tickets = new InMemoryTicketRepository();
  await seedTicket(tickets);
  await tickets.tryClaim(1, AGENT.id, new Date(), false);
  const activity = new InMemoryStaffActivityLog();
  const sut = new ReleaseTicket(tickets, activity, new RecordingTicketEvents(), new FixedClock());
  return { sut, tickets, activity };
};

describe('ReleaseTicket', () => {
  it('lets the claimer release and unlocks the ticket', async () => {
    const { sut, tickets, activity } = await makeSut();
    await sut.execute(AGENT, 1);
    expect(tickets.stored(1)).toMatchObject({ claimedBy: null, isLocked: false, claimedAt: null });
    expect(activity.entries[0]?.type).toBe('ticket.released');
  });

  it.each([
    ['another agent', OTHER_AGENT],
    ['even the platform owner', OWNER],
  ])('refuses %s and keeps the claim', async (_label, actor) => {
    const { sut, tickets } = await makeSut();
    await expect(sut.execute(actor, 1)).rejects.toBeInstanceOf(Forbidden);
    expect(tickets.stored(1)?.claimedBy).toBe(AGENT.id);
  });
});
