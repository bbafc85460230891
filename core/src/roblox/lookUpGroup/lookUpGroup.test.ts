import { describe, expect, it } from 'vitest';
import { NotFound, Unauthenticated } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { groupsOf, InMemoryRoblox } from '../testing/fakes.ts';
import { LookUpGroup } from './lookUpGroup.ts';

function makeSut() {
  const roblox = new InMemoryRoblox();
  roblox.addGroup('7', 'Cafe', [['Member', 1]]);
  return new LookUpGroup(new InMemoryCustomerRepository().add(makeCustomer({ id: 1 })), groupsOf(roblox));
}

describe('LookUpGroup', () => {
  it("answers a group's public facts to a signed-in customer", async () => {
    expect(await makeSut().execute(1, '7')).toMatchObject({ groupId: '7', name: 'Cafe', memberCount: 10 });
  });

  it('says not found for an unknown group and answers no visitor', async () => {
    const sut = makeSut();
    await expect(sut.execute(1, '8')).rejects.toBeInstanceOf(NotFound);
    await expect(sut.execute(undefined, '7')).rejects.toBeInstanceOf(Unauthenticated);
  });
});
