import { describe, expect, it } from 'vitest';
import { TooManyAttempts } from '../../shared/errors.ts';
import { InMemoryRateLimiter } from '../../shared/testing/InMemoryRateLimiter.ts';
import { FixedClock } from '../../staff/testing/fakes.ts';
import type { SupportTicket } from '../ports.ts';
import { InMemoryTicketRepository, seedTicket } from '../testing/fakes.ts';
import { FIND_MY_TICKET_ANSWER, FindMyTicket } from './findMyTicket.ts';

async function makeSut() {
  const tickets = new InMemoryTicketRepository();
  const ticket = await seedTicket(tickets, { userEmail: 'Vera@Example.test' });
  const mailed: SupportTicket[] = [];
  const limit = new InMemoryRateLimiter({ points: 3, windowMs: 60_000 }, new FixedClock());
  const sut = new FindMyTicket(tickets, { linkAgain: async (found) => void mailed.push(found) }, limit);
  return { sut, ticket, mailed };
}

describe('FindMyTicket', () => {
  it("mails the chat link to the ticket's own address when the email and number match, in any case", async () => {
    const { sut, ticket, mailed } = await makeSut();
    const answer = await sut.execute({ email: ' vera@example.TEST ', ticketId: ticket.id }, '203.0.113.7');
    expect(answer).toEqual({ message: FIND_MY_TICKET_ANSWER });
    expect(mailed.map((found) => found.id)).toEqual([ticket.id]);
  });

  it('answers a stranger the same and mails nobody: a wrong address, an unknown number', async () => {
    const { sut, ticket, mailed } = await makeSut();
    expect(await sut.execute({ email: 'mallory@example.test', ticketId: ticket.id }, '198.51.100.1')).toEqual({
      message: FIND_MY_TICKET_ANSWER,
    });
    expect(await sut.execute({ email: 'vera@example.test', ticketId: 999 }, '198.51.100.1')).toEqual({
      message: FIND_MY_TICKET_ANSWER,
    });
    expect(mailed).toEqual([]);
  });

  it("counts every request against the address's submission limit, so numbers cannot be tried at speed", async () => {
    const { sut, ticket } = await makeSut();
    for (let i = 0; i < 3; i += 1)
      await sut.execute({ email: 'x@example.test', ticketId: ticket.id + i }, '198.51.100.1');
    await expect(sut.execute({ email: 'x@example.test', ticketId: 9 }, '198.51.100.1')).rejects.toBeInstanceOf(
      TooManyAttempts,
    );
  });
});
