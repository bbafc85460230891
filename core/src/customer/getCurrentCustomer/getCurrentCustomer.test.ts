import { describe, expect, it } from 'vitest';
import { Unauthenticated } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../testing/fakes.ts';
import { GetCurrentCustomer } from './getCurrentCustomer.ts';

describe('GetCurrentCustomer', () => {
  it('returns the public customer and refuses visitors, unknown and banned accounts', async () => {
    const customers = new InMemoryCustomerRepository()
      .add(makeCustomer({ id: 1, username: 'alice' }))
      .add(makeCustomer({ id: 2, isBanned: true, bannedReason: 'Scam links' }));
    const sut = new GetCurrentCustomer(customers);
    const user = await sut.execute(1);
    expect(user).toMatchObject({ id: 1, username: 'alice' });
    expect(user).not.toHaveProperty('isBanned');
    expect(user).not.toHaveProperty('bannedReason');
    for (const id of [undefined, 3]) await expect(sut.execute(id)).rejects.toBeInstanceOf(Unauthenticated);
    // A banned account's session is refused with 403 and the reason staff gave (issue 26).
    await expect(sut.execute(2)).rejects.toMatchObject({
      kind: 'Forbidden',
      message: 'This account is banned: Scam links',
    });
  });
});
