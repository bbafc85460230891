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

  describe('connecting Discord to a Roblox-only account (issue 36)', () => {
    const robloxOnly = () =>
      makeCustomer({ id: 3, discordId: null, robloxId: '42', isVerified: true, username: 'Obby' });

    it('adds Discord to the signed-in Roblox-only customer: one account, its Roblox link kept', async () => {
      const { sut, customers } = makeSut();
      customers.add(robloxOnly());
      const user = await sut.execute(identity, 3);
      expect(user).toMatchObject({ id: 3, discordId: '555', username: 'bob', robloxId: '42', isVerified: true });
      expect(customers.size).toBe(1);
    });

    it('refuses to merge into a Discord account another customer holds, and changes neither', async () => {
      const { sut, customers } = makeSut();
      customers.add(robloxOnly()).add(makeCustomer({ id: 7, discordId: '555', robloxId: '9', isVerified: true }));
      await expect(sut.execute(identity, 3)).rejects.toMatchObject({ kind: 'Conflict', code: 'AUTH.DISCORD_TAKEN' });
      expect(customers.saves).toBe(0);
      expect(customers.stored(3)?.discordId).toBeNull();
      expect(customers.stored(7)).toMatchObject({ discordId: '555', robloxId: '9' });
    });

    it('refuses a banned Roblox-only customer', async () => {
      const { sut, customers } = makeSut();
      customers.add(makeCustomer({ id: 3, discordId: null, isBanned: true, bannedReason: 'Scam' }));
      await expect(sut.execute(identity, 3)).rejects.toMatchObject({ kind: 'Forbidden' });
      expect(customers.saves).toBe(0);
    });

    it('signs a customer who already has Discord into the Discord account, never relinking theirs', async () => {
      const { sut, customers } = makeSut();
      customers.add(makeCustomer({ id: 8, discordId: '888' }));
      const user = await sut.execute(identity, 8);
      expect(user).toMatchObject({ discordId: '555' });
      expect(user.id).not.toBe(8);
      expect(customers.stored(8)?.discordId).toBe('888');
    });

    it('signs in afresh when the session names an account that is gone', async () => {
      const { sut } = makeSut();
      await expect(sut.execute(identity, 99)).resolves.toMatchObject({ discordId: '555' });
    });
  });
});
