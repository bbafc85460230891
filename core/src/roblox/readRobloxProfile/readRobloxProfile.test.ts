import { describe, expect, it } from 'vitest';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { InMemoryRoblox } from '../testing/fakes.ts';
import { Forbidden } from '../../shared/errors.ts';
import { NOT_LINKED } from '../linkedAccount.ts';
import { ReadRobloxProfile } from './readRobloxProfile.ts';

const addressOf = (userId: string) => `/headshots/${userId}`;

describe('ReadRobloxProfile', () => {
  it("answers the linked account's profile with our own headshot address, never Roblox's", async () => {
    const roblox = new InMemoryRoblox();
    roblox.addUser('42', 'Builderman');
    const customers = new InMemoryCustomerRepository().add(
      makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Builderman' }),
    );
    const sut = new ReadRobloxProfile(customers, roblox, roblox, addressOf);
    expect(await sut.execute(1)).toEqual({
      id: '42',
      username: 'Builderman',
      displayName: 'Builderman',
      profileImageUrl: '/headshots/42',
    });
  });

  it('refuses a customer with no linked Roblox account', async () => {
    const roblox = new InMemoryRoblox();
    const sut = new ReadRobloxProfile(
      new InMemoryCustomerRepository().add(makeCustomer({ id: 2 })),
      roblox,
      roblox,
      addressOf,
    );
    await expect(sut.execute(2)).rejects.toThrow(new Forbidden('ROBLOX.NOT_LINKED', NOT_LINKED));
  });
});
