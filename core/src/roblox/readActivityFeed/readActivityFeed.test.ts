import { describe, expect, it } from 'vitest';
import { Forbidden } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { connectGroupSchema } from '../../contracts/roblox.ts';
import { groupsOf, InMemoryConnectedGroups, InMemoryRoblox, SequentialRandom, RANK_CHECK } from '../testing/fakes.ts';
import { GroupAccessPolicy } from '../groupAccess.ts';
import { ConnectGroup } from '../connectGroup/connectGroup.ts';
import type { FeedEntry } from '../workspacePorts.ts';
import { ReadActivityFeed } from './readActivityFeed.ts';

describe('ReadActivityFeed', () => {
  it('answers the latest entries to members with access, and refuses outsiders', async () => {
    const customers = new InMemoryCustomerRepository()
      .add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Owner', isVerified: true }))
      .add(makeCustomer({ id: 2, robloxId: '43', robloxUsername: 'Outsider', isVerified: true }));
    const roblox = new InMemoryRoblox();
    roblox.addGroup('7', 'Cafe', [['Owner', 255]]);
    roblox.join('42', '7', 'Owner');
    const connected = new InMemoryConnectedGroups();
    await new ConnectGroup(customers, roblox, groupsOf(roblox), connected, new SequentialRandom(), RANK_CHECK).execute(
      1,
      connectGroupSchema.parse({ groupId: '7' }),
    );
    const entries: FeedEntry[] = [
      { id: 'rank-1', type: 'promotion', title: 'A promoted', detail: '', at: new Date() },
      { id: 'session-1', type: 'patrol', title: 'Patrol', detail: '', at: new Date() },
    ];
    const limits: number[] = [];
    const feed = {
      latest: async (_groupId: string, limit: number) => {
        limits.push(limit);
        return entries.slice(0, limit);
      },
    };
    const sut = new ReadActivityFeed(new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK), feed, 1);
    expect(await sut.execute(1, '7')).toEqual([entries[0]]);
    expect(limits).toEqual([1]);
    await expect(sut.execute(2, '7')).rejects.toBeInstanceOf(Forbidden);
  });
});
