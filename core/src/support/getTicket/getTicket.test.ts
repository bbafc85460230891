import { describe, expect, it } from 'vitest';
import { Forbidden, NotFound } from '../../shared/errors.ts';
import { FixedClock } from '../../staff/testing/fakes.ts';
import { AGENT, InMemoryTicketRepository, seedTicket } from '../testing/fakes.ts';
import { InMemorySlaPolicies } from '../testing/slaFakes.ts';
import { GetTicket } from './getTicket.ts';

describe('GetTicket', () => {
  it('answers the ticket with its SLA clocks; unknown is 404, a non-reader 403', async () => {
    const tickets = new InMemoryTicketRepository();
    const seeded = await seedTicket(tickets);
    const sut = new GetTicket(tickets, new InMemorySlaPolicies(), new FixedClock());
    const ticket = await sut.execute(AGENT, seeded.id);
    expect(ticket).toMatchObject({ id: seeded.id, sla: { breached: false } });
    await expect(sut.execute(AGENT, 99)).rejects.toBeInstanceOf(NotFound);
    await expect(
      sut.execute({ id: 9, username: 'hr', role: 'human_resources_director' }, seeded.id),
    ).rejects.toBeInstanceOf(Forbidden);
  });
});
