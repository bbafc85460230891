import { describe, expect, it } from 'vitest';
import { Unauthenticated } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryBotDirectory } from '../testing/fakes.ts';
import { ListBots } from './listBots.ts';

const bot = (id: number) => ({
  id: String(id),
  name: `bot ${id}`,
  status: 'online' as const,
  isOnline: true,
  serverId: null,
  serverName: null,
  createdAt: new Date(),
});

describe('ListBots', () => {
  it("returns only the signed-in customer's bots and refuses a visitor", async () => {
    const customers = new InMemoryCustomerRepository().add(makeCustomer({ id: 1 })).add(makeCustomer({ id: 2 }));
    const directory = new InMemoryBotDirectory();
    directory.bots.set(1, [bot(10)]);
    directory.bots.set(2, [bot(20)]);
    const sut = new ListBots(customers, directory);
    await expect(sut.execute(1)).resolves.toEqual([bot(10)].map((b) => ({ ...b, createdAt: expect.any(Date) })));
    await expect(sut.execute(undefined)).rejects.toBeInstanceOf(Unauthenticated);
  });
});
