import { describe, expect, it } from 'vitest';
import { Conflict, Unauthenticated } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../testing/fakes.ts';
import { RecordingRoleSync } from '../../roblox/testing/fakes.ts';
import { SignInWithRoblox } from './signInWithRoblox.ts';

const identity = { id: '42', username: 'Builderman' };

const makeSut = () => {
  const customers = new InMemoryCustomerRepository().add(makeCustomer({ id: 1, discordId: '111' }));
  const roleSync = new RecordingRoleSync();
  return { sut: new SignInWithRoblox(customers, roleSync), customers, roleSync };
};

describe('SignInWithRoblox', () => {
  it('links the Roblox account to the signed-in customer, marks them verified and re-syncs their roles', async () => {
    const { sut, customers, roleSync } = makeSut();
    const user = await sut.execute(identity, 1);
    expect(user).toMatchObject({ id: 1, robloxId: '42', robloxUsername: 'Builderman', isVerified: true });
    expect(customers.stored(1)).toMatchObject({ robloxId: '42', isVerified: true, discordId: '111' });
    expect(roleSync.users).toEqual(['111']);
  });

  it('refuses to link a Roblox account that another customer has proven', async () => {
    const { sut, customers } = makeSut();
    customers.add(makeCustomer({ id: 2, discordId: '222', robloxId: '42', isVerified: true }));
    await expect(sut.execute(identity, 1)).rejects.toBeInstanceOf(Conflict);
    expect(customers.stored(1)?.robloxId).toBeNull();
  });

  it("takes the account over from another customer's unproven claim, and re-syncs both", async () => {
    const { sut, customers, roleSync } = makeSut();
    customers.add(
      makeCustomer({ id: 2, discordId: '222', robloxId: '42', robloxUsername: 'Builderman', isVerified: false }),
    );
    await sut.execute(identity, 1);
    expect(customers.stored(2)).toMatchObject({ robloxId: null, robloxUsername: null, isVerified: false });
    expect(customers.stored(1)).toMatchObject({ robloxId: '42', isVerified: true });
    expect(roleSync.users).toEqual(['222', '111']);
  });

  it('signs a visitor in as the customer owning the Roblox account', async () => {
    const { sut, customers } = makeSut();
    customers.add(makeCustomer({ id: 2, discordId: null, robloxId: '42', robloxUsername: 'old' }));
    const user = await sut.execute(identity);
    expect(user).toMatchObject({ id: 2, robloxUsername: 'Builderman', isVerified: true });
  });

  it('creates a verified customer for a new Roblox account when signed out', async () => {
    const { sut, customers } = makeSut();
    const user = await sut.execute(identity);
    expect(user).toMatchObject({ username: 'Builderman', robloxId: '42', discordId: null, isVerified: true });
    expect(customers.size).toBe(2);
  });

  it('treats a session naming a deleted customer as signed out', async () => {
    const { sut } = makeSut();
    await expect(sut.execute(identity, 99)).rejects.toBeInstanceOf(Unauthenticated);
  });
});
