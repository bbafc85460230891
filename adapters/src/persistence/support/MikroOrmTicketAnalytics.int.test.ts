import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Orm } from '../database.ts';
import { MikroOrmTicketAnalytics } from './MikroOrmTicketAnalytics.ts';

let orm: Orm;
// Far in the future, so tickets other test files filed in this database stay out of the window.
const SINCE = new Date('2091-05-01T00:00:00Z');
const at = (iso: string) => new Date(`2091-05-${iso}Z`);

async function ticket(status: string, priority: string, createdAt: Date, updatedAt = createdAt): Promise<number> {
  const [row] = await orm.em.getConnection().execute<{ id: number }[]>(
    `insert into support_tickets (title, description, priority, status, is_locked, created_at, updated_at)
     values ('Analytics', 'd', ?, ?, false, ?, ?) returning id`,
    [priority, status, createdAt, updatedAt],
  );
  return row!.id;
}

async function message(ticketId: number, senderType: 'staff' | 'customer', createdAt: Date): Promise<void> {
  await orm.em.getConnection().execute(
    `insert into support_ticket_messages (ticket_id, sender_name, sender_type, message, created_at)
       values (?, 'x', ?, 'm', ?)`,
    [ticketId, senderType, createdAt],
  );
}

beforeAll(async () => {
  orm = await openDatabase(inject('databaseUrl'));
});

afterAll(async () => {
  await orm.close(true);
});

describe('MikroOrmTicketAnalytics', () => {
  it('counts per UTC hour or day, status, priority and score, and takes the medians of first staff answer and resolution', async () => {
    const reader = new MikroOrmTicketAnalytics(orm);
    const openBefore = (await reader.read(SINCE, 'day')).openNow;
    const a = await ticket('open', 'high', at('01T23:30:00'));
    const b = await ticket('resolved', 'low', at('02T00:10:00'), at('02T01:10:00'));
    const c = await ticket('closed', 'low', at('02T08:00:00'), at('02T11:00:00'));
    await ticket('open', 'urgent', new Date('2091-04-30T23:59:00Z'));
    // The first staff message counts, not the customer's nor a later staff one.
    await message(a, 'customer', at('01T23:31:00'));
    await message(a, 'staff', at('01T23:32:00'));
    await message(a, 'staff', at('01T23:50:00'));
    await message(b, 'staff', at('02T00:20:00'));
    await message(c, 'staff', at('02T09:00:00'));

    await orm.em
      .getConnection()
      .execute('insert into support_ticket_ratings (ticket_id, score) values (?, 5), (?, 2)', [b, c], 'run');

    const figures = await reader.read(SINCE, 'day');
    expect(figures.series).toEqual([
      { at: new Date('2091-05-01T00:00:00Z'), tickets: 1, finished: 0 },
      { at: new Date('2091-05-02T00:00:00Z'), tickets: 2, finished: 2 },
    ]);
    expect((await reader.read(SINCE, 'hour')).series.map((entry) => entry.at)).toEqual([
      new Date('2091-05-01T23:00:00Z'),
      new Date('2091-05-02T00:00:00Z'),
      new Date('2091-05-02T08:00:00Z'),
    ]);
    expect(new Map(figures.ratings.map((entry) => [entry.score, entry.count]))).toEqual(
      new Map([
        [5, 1],
        [2, 1],
      ]),
    );
    expect(new Map(figures.byStatus.map((entry) => [entry.status, entry.count]))).toEqual(
      new Map([
        ['open', 1],
        ['resolved', 1],
        ['closed', 1],
      ]),
    );
    expect(new Map(figures.byPriority.map((entry) => [entry.priority, entry.count]))).toEqual(
      new Map([
        ['high', 1],
        ['low', 2],
      ]),
    );
    // First answers after 2, 10 and 60 minutes; resolutions after 1 and 3 hours.
    expect(figures.medianFirstResponseSeconds).toBe(600);
    expect(figures.medianResolutionSeconds).toBe(2 * 3600);
    // Open now counts the open tickets of any age, the one before the window too.
    expect(figures.openNow - openBefore).toBe(2);
  });
});
