import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeTicketRepositoryContract } from '@groupflow/core/support/testing/ticketRepositoryContract';
import { callInUnitsOfWork, openOwnDatabase } from '../../../test/ownDatabase.ts';
import { MikroOrmTicketMessageRepository } from './MikroOrmTicketMessageRepository.ts';
import { MikroOrmTicketRepository } from './MikroOrmTicketRepository.ts';

let own: Awaited<ReturnType<typeof openOwnDatabase>>;

beforeAll(async () => {
  own = await openOwnDatabase();
});
afterAll(async () => {
  await own?.drop();
});

async function addStaff(username: string): Promise<number> {
  const [row] = await own.orm.em
    .getConnection()
    .execute<{ id: number }[]>(
      `insert into staff_users (username, email, password_hash) values (?, ?, 'not a hash') returning id`,
      [username, `${username}@example.test`],
    );
  return row!.id;
}

describeTicketRepositoryContract('MikroOrmTicketRepository', async () => {
  await own.truncate('support_tickets', 'staff_users');
  return {
    tickets: callInUnitsOfWork(own.orm, new MikroOrmTicketRepository(own.orm)),
    messages: callInUnitsOfWork(own.orm, new MikroOrmTicketMessageRepository(own.orm)),
    addStaff,
  };
});

describe('MikroOrmTicketRepository against PostgreSQL', () => {
  it('lets exactly one of several simultaneous claims win', async () => {
    await own.truncate('support_tickets', 'staff_users');
    const tickets = new MikroOrmTicketRepository(own.orm);
    const staff = await Promise.all(['ann', 'bob', 'cy', 'dee'].map(addStaff));
    const { id } = await tickets.create({
      title: 'Race',
      description: 'd',
      category: null,
      priority: 'low',
      userEmail: 'race@example.test',
      userName: 'R',
      accessKeyHash: null,
      createdAt: new Date(),
    });
    const claims = await Promise.all(staff.map((staffId) => tickets.tryClaim(id, staffId, new Date(), false)));
    const winners = claims.filter((claim) => claim !== null);
    expect(winners).toHaveLength(1);
    expect((await tickets.findById(id))?.claimedBy).toBe(winners[0]!.claimedBy);
  });
});
