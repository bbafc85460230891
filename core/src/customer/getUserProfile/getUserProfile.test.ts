import { describe, expect, it } from 'vitest';
import { Forbidden, Unauthenticated } from '../../shared/errors.ts';
import { FixedStats, InMemoryCustomerRepository, makeCustomer } from '../testing/fakes.ts';
import { GetUserProfile } from './getUserProfile.ts';

const makeSut = () => {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1 }))
    .add(makeCustomer({ id: 2, isBanned: true }));
  const stats = new FixedStats({ 1: { totalBots: 3, activeBots: 1, totalCommands: 40 } });
  return { sut: new GetUserProfile(customers, stats) };
};

describe('GetUserProfile', () => {
  it('returns the customer with their stats', async () => {
    const { sut } = makeSut();
    const profile = await sut.execute(1);
    expect(profile).toMatchObject({
      id: 1,
      username: 'alice',
      stats: { totalBots: 3, activeBots: 1, totalCommands: 40 },
    });
    expect(profile).not.toHaveProperty('isBanned');
  });

  it('refuses a missing session, an unknown customer and a banned one', async () => {
    const { sut } = makeSut();
    await expect(sut.execute(undefined)).rejects.toBeInstanceOf(Unauthenticated);
    await expect(sut.execute(9)).rejects.toBeInstanceOf(Unauthenticated);
    await expect(sut.execute(2)).rejects.toBeInstanceOf(Forbidden);
  });
});
