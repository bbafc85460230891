import { describe, expect, it } from 'vitest';
import { InMemoryCustomerRepository, makeCustomer } from '../testing/fakes.ts';
import { SignInWithDiscord } from './signInWithDiscord.ts';

const identity = { id: '555', username: 'bob', email: 'bob@example.test', avatar: 'abc', discriminator: '0001' };

const makeSut = () => {
  const customers = new InMemoryCustomerRepository();
  return { sut: new SignInWithDiscord(customers), customers };
};

describe('SignInWithDiscord', () => {
  it('creates an unverified customer on the first sign-in', async () => {
    const { sut, customers } = makeSut();
    const user = await sut.execute(identity);
    expect(user).toMatchObject({ username: 'bob', discordId: '555', email: 'bob@example.test', isVerified: false });
    expect(customers.stored(user.id)).toMatchObject({ discordId: '555', avatar: 'abc', discriminator: '0001' });
  });

  it('updates the same customer on later sign-ins instead of creating another', async () => {
    const { sut, customers } = makeSut();
    customers.add(makeCustomer({ id: 7, discordId: '555', username: 'old', robloxId: '9', isVerified: true }));
    const user = await sut.execute(identity);
    expect(user.id).toBe(7);
    expect(customers.size).toBe(1);
    expect(customers.stored(7)).toMatchObject({ username: 'bob', avatar: 'abc', robloxId: '9', isVerified: true });
  });

  it('refuses a banned customer', async () => {
    const { sut, customers } = makeSut();
    customers.add(makeCustomer({ id: 7, discordId: '555', isBanned: true, bannedReason: 'Raid organiser' }));
    await expect(sut.execute(identity)).rejects.toMatchObject({
      kind: 'Forbidden',
      message: 'This account is banned: Raid organiser',
    });
    expect(customers.saves).toBe(0);
  });
});
