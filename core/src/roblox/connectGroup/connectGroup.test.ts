import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, NotFound, Unavailable } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { connectGroupSchema } from '../../contracts/roblox.ts';
import { groupsOf, InMemoryConnectedGroups, InMemoryRoblox, RANK_CHECK, SequentialRandom } from '../testing/fakes.ts';
import { GroupAccessPolicy, RANK_UNCONFIRMED } from '../groupAccess.ts';
import { ConnectGroup } from './connectGroup.ts';

const makeSut = () => {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1, robloxId: '42', robloxUsername: 'Owner', isVerified: true }))
    .add(makeCustomer({ id: 2, discordId: '222', robloxId: '43', robloxUsername: 'Member', isVerified: true }))
    .add(makeCustomer({ id: 3, discordId: '333', robloxId: '44', robloxUsername: 'Claimer', isVerified: false }))
    .add(makeCustomer({ id: 4, discordId: '444', robloxId: '45', robloxUsername: 'Trainer', isVerified: true }));
  const roblox = new InMemoryRoblox();
  roblox.addGroup('7', 'Builders', [
    ['Member', 1],
    ['Trainer', 50],
    ['Moderator', 60],
    ['Owner', 255],
  ]);
  roblox.join('42', '7', 'Owner');
  roblox.join('43', '7', 'Member');
  roblox.join('44', '7', 'Owner');
  roblox.join('45', '7', 'Trainer');
  const connected = new InMemoryConnectedGroups();
  const groups = groupsOf(roblox);
  return {
    sut: new ConnectGroup(customers, roblox, groups, connected, new SequentialRandom(), RANK_CHECK),
    access: new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK),
    roblox,
    connected,
    customers,
  };
};

const input = (body: object) => connectGroupSchema.parse({ groupId: '7', ...body });

describe('ConnectGroup and GroupAccessPolicy', () => {
  it('connects for a manager, storing permissions per rank, the connector and an activity key', async () => {
    const { sut, connected } = makeSut();
    const group = await sut.execute(
      1,
      input({ rankPermissions: [{ rankId: 50, canAccessWorkspace: true, canAssignHostSelf: true }] }),
    );
    expect(group).toMatchObject({
      groupId: '7',
      name: 'Builders',
      connectedBy: 1,
      activityKey: 'key-1',
      activityKeyPrefix: 'key-1',
      settings: { authorizedRoles: ['Owner'] },
    });
    // The key is answered once; what is stored shows only its first characters.
    expect(await connected.find('7')).not.toHaveProperty('activityKey');
    expect(group.ranks.find((rank) => rank.rankId === 50)?.permissions).toMatchObject({
      canAccessWorkspace: true,
      canAssignHostSelf: true,
      canViewModeration: false,
    });
    expect(group.ranks.find((rank) => rank.rankId === 1)?.permissions.canAccessWorkspace).toBe(false);
    expect(connected.members).toEqual([
      { userId: '42', username: 'Owner', displayName: null, rankId: 255, rankName: 'Owner' },
    ]);
  });

  it('lets only the owner (rank 255) connect with automatic promotion on: no other rank is named for it yet', async () => {
    const { sut, roblox, customers, connected } = makeSut();
    customers.add(makeCustomer({ id: 5, discordId: '555', robloxId: '46', robloxUsername: 'Mod', isVerified: true }));
    roblox.join('46', '7', 'Moderator');
    const refused = await sut.execute(5, input({ autoRank: true })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Forbidden);
    expect(refused).toMatchObject({ code: 'ROBLOX.AUTOMATION_NOT_PERMITTED' });
    expect(await connected.find('7')).toBeNull();
    expect((await sut.execute(1, input({ autoRank: true }))).autoRank).toBe(true);
  });

  it('refuses non-members, members who cannot manage, unproven accounts, unknown and connected groups', async () => {
    const { sut } = makeSut();
    await expect(sut.execute(2, input({}))).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.execute(3, input({}))).rejects.toThrow('not verified');
    await expect(sut.execute(1, input({ groupId: '8' }))).rejects.toBeInstanceOf(NotFound);
    await sut.execute(1, input({}));
    const again = await sut.execute(1, input({})).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Conflict);
    expect((again as Error).message).toContain('already connected');
  });

  it('opens the workspace to managers and granted ranks only; settings to managers only', async () => {
    const { sut, access } = makeSut();
    await sut.execute(1, input({ rankPermissions: [{ rankId: 50, canAccessWorkspace: true }] }));
    expect((await access.manage(1, '7')).canManage).toBe(true);
    expect((await access.view(4, '7')).canManage).toBe(false);
    await expect(access.manage(4, '7')).rejects.toBeInstanceOf(Forbidden);
    await expect(access.view(2, '7')).rejects.toThrow('You do not have access to this group');
    await expect(access.view(1, '9')).rejects.toBeInstanceOf(NotFound);
  });

  it('decides management (and connecting) on a fresh rank, failing closed with 503 when Roblox cannot answer; reads use the cache', async () => {
    const { sut, access, roblox } = makeSut();
    await sut.execute(1, input({}));
    const asked: (number | undefined)[] = [];
    const cached = roblox.groupRolesOf.bind(roblox);
    roblox.groupRolesOf = async (robloxUserId: string, maxAgeMs?: number) => {
      asked.push(maxAgeMs);
      if (maxAgeMs !== undefined) throw new Unavailable('ROBLOX.UNAVAILABLE', 'Roblox is not answering');
      return cached(robloxUserId);
    };
    await expect(access.manage(1, '7')).rejects.toThrow(new Unavailable('ROBLOX.RANK_UNCONFIRMED', RANK_UNCONFIRMED));
    await expect(sut.execute(1, input({ groupId: '8' }))).rejects.toThrow(
      new Unavailable('ROBLOX.RANK_UNCONFIRMED', RANK_UNCONFIRMED),
    );
    expect((await access.view(1, '7')).canManage).toBe(true);
    expect(asked).toEqual([10_000, 10_000, undefined]);
  });

  it('F4: refuses a manager removed in Roblox at the next management action', async () => {
    const { sut, access, roblox } = makeSut();
    await sut.execute(1, input({}));
    roblox.held.set('42', []);
    await expect(access.manage(1, '7')).rejects.toThrow('You are not a member of this group');
  });
});
