import { describe, expect, it } from 'vitest';
import { SequentialTokenGenerator } from '../../staff/testing/fakes.ts';
import { makeTicketWorld } from '../testing/fakes.ts';
import { InMemoryTicketRatings } from '../testing/deskFakes.ts';
import { RateTicket } from './rateTicket.ts';

async function makeSut() {
  const world = await makeTicketWorld();
  const ratings = new InMemoryTicketRatings();
  const sut = new RateTicket(world.tickets, ratings, new SequentialTokenGenerator(), world.clock);
  return { ...world, ratings, sut };
}

describe('RateTicket', () => {
  it('keeps one rating of a closed ticket; a second is a conflict', async () => {
    const { tickets, clock, ratings, sut } = await makeSut();
    await tickets.setStatus(1, 'closed', clock.now());
    expect(await sut.execute(1, 'secret-key', { score: 5, comment: '  Quick and kind ' })).toMatchObject({
      score: 5,
      comment: 'Quick and kind',
    });
    await expect(sut.execute(1, 'secret-key', { score: 1 })).rejects.toMatchObject({
      kind: 'Conflict',
      code: 'SUPPORT.ALREADY_RATED',
    });
    expect(await ratings.find(1)).toMatchObject({ score: 5 });
  });

  it('asks for the chat key, as the chat does', async () => {
    const { tickets, clock, ratings, sut } = await makeSut();
    await tickets.setStatus(1, 'closed', clock.now());
    await expect(sut.execute(1, 'wrong', { score: 4 })).rejects.toMatchObject({ code: 'SUPPORT.TICKET_NOT_FOUND' });
    expect(await ratings.find(1)).toBeNull();
  });

  it('refuses a rating before the ticket is closed or resolved', async () => {
    const { ratings, sut } = await makeSut();
    await expect(sut.execute(1, 'secret-key', { score: 4 })).rejects.toMatchObject({
      code: 'SUPPORT.TICKET_NOT_CLOSED',
    });
    expect(await ratings.find(1)).toBeNull();
  });
});
