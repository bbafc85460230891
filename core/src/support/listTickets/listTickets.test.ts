import { describe, expect, it } from 'vitest';
import { AGENT, InMemoryTicketRepository, NON_READERS, seedTicket } from '../testing/fakes.ts';
import { ListTickets } from './listTickets.ts';
import { InMemorySlaPolicies } from '../testing/slaFakes.ts';
import { FixedClock, T0 } from '../../staff/testing/fakes.ts';

const limits = { defaultLimit: 2, maxLimit: 3 };

const makeSut = async (count: number) => {
  const tickets = new InMemoryTicketRepository();
  for (let i = 0; i < count; i += 1) await seedTicket(tickets, { title: `T${i + 1}` });
  return { sut: new ListTickets(tickets, limits, new InMemorySlaPolicies(), new FixedClock()), tickets };
};

describe('ListTickets', () => {
  it('lists newest first, the default limit per page, and hands out a cursor while older tickets remain', async () => {
    const { sut } = await makeSut(5);
    const first = await sut.execute(AGENT, {});
    expect(first.items.map((t) => t.id)).toEqual([5, 4]);
    expect(first.nextCursor).toEqual({ id: 4 });
    const second = await sut.execute(AGENT, { before: { id: 4 } });
    expect(second.items.map((t) => t.id)).toEqual([3, 2]);
    const last = await sut.execute(AGENT, { before: { id: 2 } });
    expect(last).toEqual({ items: [expect.objectContaining({ id: 1 })], nextCursor: null });
  });

  it('clamps the limit to the maximum', async () => {
    const { sut } = await makeSut(5);
    expect((await sut.execute(AGENT, { limit: 1000 })).items).toHaveLength(limits.maxLimit);
  });

  it('pages through search and status matches only', async () => {
    const tickets = new InMemoryTicketRepository();
    await seedTicket(tickets, { title: 'Bot offline', userEmail: 'ann@example.test' });
    const billing = await seedTicket(tickets, { title: 'Invoice', category: 'Billing', userEmail: 'bo@example.test' });
    await seedTicket(tickets, { title: 'Login broken', userEmail: 'ANN@example.test' });
    await tickets.setStatus(billing.id, 'closed', new Date());
    const sut = new ListTickets(tickets, limits, new InMemorySlaPolicies(), new FixedClock());
    expect((await sut.execute(AGENT, { search: 'ann@' })).items.map((t) => t.title)).toEqual([
      'Login broken',
      'Bot offline',
    ]);
    expect((await sut.execute(AGENT, { search: 'billing' })).items.map((t) => t.title)).toEqual(['Invoice']);
    expect((await sut.execute(AGENT, { status: 'closed' })).items.map((t) => t.title)).toEqual(['Invoice']);
    expect((await sut.execute(AGENT, { status: 'open', search: 'invoice' })).items).toEqual([]);
  });

  it.each(NON_READERS)('refuses $role, whose role reads no tickets (issue 33)', async (actor) => {
    const { sut } = await makeSut(1);
    await expect(sut.execute(actor, {})).rejects.toMatchObject({ kind: 'Forbidden', code: 'SUPPORT.READ_FORBIDDEN' });
  });

  it('gives each ticket its SLA clocks and lists only the breached with sla=breached (issue 39)', async () => {
    const tickets = new InMemoryTicketRepository();
    const policies = new InMemorySlaPolicies();
    await policies.replace([{ priority: 'high', firstResponseMinutes: 60, resolutionHours: 4 }]);
    // seedTicket files at 2026-01-01 08:00, high priority; the clock reads T0.
    const late = await seedTicket(tickets, { title: 'Late', createdAt: new Date(T0.getTime() - 2 * 3_600_000) });
    const fresh = await seedTicket(tickets, { title: 'Fresh', createdAt: new Date(T0.getTime() - 60_000) });
    const sut = new ListTickets(tickets, limits, policies, new FixedClock());
    const all = await sut.execute(AGENT, { limit: 3 });
    const byTitle = Object.fromEntries(all.items.map((t) => [t.title, t.sla]));
    expect(byTitle.Fresh).toEqual({
      firstResponseDueAt: new Date(fresh.createdAt.getTime() + 3_600_000),
      resolutionDueAt: new Date(fresh.createdAt.getTime() + 4 * 3_600_000),
      breached: false,
    });
    expect(byTitle.Late?.breached).toBe(true);
    expect((await sut.execute(AGENT, { sla: 'breached' })).items.map((t) => t.id)).toEqual([late.id]);
  });
});
