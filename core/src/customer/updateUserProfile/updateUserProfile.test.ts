import { describe, expect, it } from 'vitest';
import { updateProfileSchema } from '../../contracts/customer.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../testing/fakes.ts';
import { UpdateUserProfile } from './updateUserProfile.ts';

const makeSut = () => {
  const customers = new InMemoryCustomerRepository().add(makeCustomer({ id: 1, robloxId: null }));
  return { sut: new UpdateUserProfile(customers), customers };
};

describe('UpdateUserProfile', () => {
  it('changes username and email only, ignoring other fields of the body', async () => {
    const { sut, customers } = makeSut();
    const input = updateProfileSchema.parse({
      username: ' carol ',
      email: 'c@example.test',
      robloxId: '1',
      isVerified: true,
    });
    const user = await sut.execute(1, input);
    expect(user).toMatchObject({ username: 'carol', email: 'c@example.test', robloxId: null, isVerified: false });
    expect(customers.stored(1)).toMatchObject({ username: 'carol', robloxId: null, isVerified: false });
  });

  it('keeps fields the body leaves out', async () => {
    const { sut } = makeSut();
    const user = await sut.execute(1, updateProfileSchema.parse({}));
    expect(user).toMatchObject({ username: 'alice', email: 'alice@example.test' });
  });

  it('rejects an empty username and a malformed email in the contract', () => {
    expect(updateProfileSchema.safeParse({ username: '  ' }).success).toBe(false);
    expect(updateProfileSchema.safeParse({ email: 'nope' }).success).toBe(false);
  });
});
