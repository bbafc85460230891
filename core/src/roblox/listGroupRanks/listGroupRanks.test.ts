import { describe, expect, it } from 'vitest';
import { NotFound, Unauthenticated } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { groupsOf, InMemoryRoblox } from '../testing/fakes.ts';
import { ListGroupRanks } from './listGroupRanks.ts';

function makeSut() {
  const roblox = new InMemoryRoblox();
  roblox.addGroup('7', 'Cafe', [
    ['Member', 1],
    ['Owner', 255],
  ]);
  return new ListGroupRanks(new InMemoryCustomerRepository().add(makeCustomer({ id: 1 })), groupsOf(roblox));
}

describe('ListGroupRanks', () => {
  it("lists a group's ranks with their Roblox role ids", async () => {
    expect(await makeSut().execute(1, '7')).toEqual([
      { rankId: 1, rankName: 'Member', memberCount: 1, roleId: '7-0' },
      { rankId: 255, rankName: 'Owner', memberCount: 1, roleId: '7-1' },
    ]);
  });

  it('says not found for a group without ranks and answers no visitor', async () => {
    const sut = makeSut();
    await expect(sut.execute(1, '8')).rejects.toBeInstanceOf(NotFound);
    await expect(sut.execute(undefined, '7')).rejects.toBeInstanceOf(Unauthenticated);
  });
});
