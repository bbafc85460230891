import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryBotDirectory } from '../testing/fakes.ts';
import { ListServers } from './listServers.ts';

describe('ListServers', () => {
  it("returns only the signed-in customer's servers and refuses a banned customer", async () => {
    const customers = new InMemoryCustomerRepository()
      .add(makeCustomer({ id: 1 }))
      .add(makeCustomer({ id: 2, isBanned: true }));
    const directory = new InMemoryBotDirectory();
    const server = { id: '9', name: 'Guild', icon: null, memberCount: 3, botConnected: true };
    directory.servers.set(1, [server]);
    directory.servers.set(2, [server]);
    const sut = new ListServers(customers, directory);
    await expect(sut.execute(1)).resolves.toEqual([server]);
    await expect(sut.execute(2)).rejects.toBeInstanceOf(Forbidden);
  });
});
