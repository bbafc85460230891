import { describe, expect, it } from 'vitest';
import { InMemoryTicketRepository, seedTicket } from '../testing/fakes.ts';
import { ListTickets } from './listTickets.ts';

const makeSut = async (count: number) => {
  const tickets = new InMemoryTicketRepository();
  for (let i = 0; i < count; i += 1) await seedTicket(tickets, { title: `T${i + 1}` });
  return { sut: new ListTickets(tickets) };
};

describe('ListTickets', () => {
  it('lists newest first and hands out a cursor while older tickets remain', async () => {
    const { sut } = await makeSut(5);
    const first = await sut.execute({ limit: 2 });
    expect(first.tickets.map((t) => t.id)).toEqual([5, 4]);
    expect(first.nextCursor).toBe(4);
    const second = await sut.execute({ before: 4, limit: 2 });
    expect(second.tickets.map((t) => t.id)).toEqual([3, 2]);
    const last = await sut.execute({ before: 2, limit: 2 });
    expect(last).toEqual({ tickets: [expect.objectContaining({ id: 1 })], nextCursor: null });
  });

  it('has no cursor when everything fits exactly', async () => {
    const { sut } = await makeSut(2);
    expect((await sut.execute({ limit: 2 })).nextCursor).toBeNull();
  });
});
