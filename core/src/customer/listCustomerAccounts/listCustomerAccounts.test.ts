import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { makeStaffMember } from '../../staff/testing/fakes.ts';
import { InMemoryCustomerAccounts, makeCustomerAccount } from '../testing/fakes.ts';
import { ListCustomerAccounts } from './listCustomerAccounts.ts';

const accounts = new InMemoryCustomerAccounts()
  .add(makeCustomerAccount({ id: 1, username: 'alice', email: 'alice@example.test' }))
  .add(makeCustomerAccount({ id: 2, username: 'bob', email: 'bob@example.test' }))
  .add(makeCustomerAccount({ id: 3, username: 'carol', email: 'carol@example.test' }));

describe('ListCustomerAccounts', () => {
  it('searches for staff who may ban, newest first, at most the limit', async () => {
    const sut = new ListCustomerAccounts(accounts, 2);
    const actor = makeStaffMember({ role: 'customer_support_director' });
    expect((await sut.execute(actor, undefined)).map((account) => account.id)).toEqual([3, 2]);
    expect((await sut.execute(actor, '  BOB@ ')).map((account) => account.id)).toEqual([2]);
  });

  it('shows nothing to staff who can neither ban nor change roles', async () => {
    const sut = new ListCustomerAccounts(accounts, 10);
    await expect(sut.execute(makeStaffMember({ role: 'customer_support' }), '')).rejects.toBeInstanceOf(Forbidden);
  });
});
