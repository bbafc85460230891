import { describe, expect, it } from 'vitest';
import { Unauthenticated } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../testing/fakes.ts';
import { GetCurrentCustomer } from './getCurrentCustomer.ts';

describe('GetCurrentCustomer', () => {
  it('returns the public customer and refuses visitors, unknown and banned accounts', async () => {
    const customers = new InMemoryCustomerRepository()
      .add(makeCustomer({ id: 1, username: 'alice' }))
      .add(makeCustomer({ id: 2, isBanned: true }));
    const sut = new GetCurrentCustomer(customers);
    const user = await sut.execute(1);
    expect(user).toMatchObject({ id: 1, username: 'alice' });
    expect(user).not.toHaveProperty('isBanned');
    for (const id of [undefined, 2, 3]) await expect(sut.execute(id)).rejects.toBeInstanceOf(Unauthenticated);
  });
});
