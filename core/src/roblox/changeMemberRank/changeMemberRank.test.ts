import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, Invalid, NotFound, Unavailable } from '../../shared/errors.ts';
import { InMemoryCustomerRepository, makeCustomer } from '../../customer/testing/fakes.ts';
import { connectGroupSchema } from '../../contracts/roblox.ts';
import {
  groupsOf,
  InMemoryConnectedGroups,
  InMemoryNotifications,
  InMemoryOpenCloud,
  InMemoryOpenCloudKeys,
  InMemoryRankAudit,
  InMemoryRoblox,
  RecordingMemberRanks,
  RecordingRoleSync,
  SequentialRandom,
  RANK_CHECK,
} from '../testing/fakes.ts';
import { GroupAccessPolicy, RANK_CEILING } from '../groupAccess.ts';
import { ConnectGroup } from '../connectGroup/connectGroup.ts';
import { SaveOpenCloudKey } from '../saveOpenCloudKey/saveOpenCloudKey.ts';
import { ReadOpenCloudKey } from '../readOpenCloudKey/readOpenCloudKey.ts';
import { ReadRankAudit } from '../readRankAudit/readRankAudit.ts';
import { NO_OPEN_CLOUD_KEY, RankingEngine } from '../rankingEngine.ts';
import { OwnerNotices } from '../automationAuthority.ts';
import { ChangeMemberRank } from './changeMemberRank.ts';

const clock = { now: () => new Date('2026-11-26T12:00:00Z') };

async function makeSut() {
  const customers = new InMemoryCustomerRepository()
    .add(makeCustomer({ id: 1, discordId: '111', robloxId: '42', robloxUsername: 'Owner', isVerified: true }))
    .add(makeCustomer({ id: 2, discordId: '222', robloxId: '43', robloxUsername: 'Member', isVerified: true }))
    .add(makeCustomer({ id: 3, discordId: '333', robloxId: '44', robloxUsername: 'Moderator', isVerified: true }))
    .add(makeCustomer({ id: 4, discordId: '444', robloxId: '45', robloxUsername: 'Outsider', isVerified: true }))
    .add(makeCustomer({ id: 5, discordId: '555', robloxId: '46', robloxUsername: 'Peer', isVerified: true }));
  const roblox = new InMemoryRoblox();
  roblox.addGroup('7', 'Builders', [
    ['Member', 1],
    ['Trainer', 50],
    ['Moderator', 100],
    ['Owner', 255],
  ]);
  for (const [id, name] of [
    ['42', 'Owner'],
    ['43', 'Member'],
    ['44', 'Moderator'],
    ['45', 'Outsider'],
    ['46', 'Peer'],
  ])
    roblox.addUser(id!, name!);
  roblox.join('42', '7', 'Owner');
  roblox.join('43', '7', 'Member');
  roblox.join('44', '7', 'Moderator');
  roblox.join('46', '7', 'Moderator');
  const connected = new InMemoryConnectedGroups();
  await new ConnectGroup(customers, roblox, groupsOf(roblox), connected, new SequentialRandom(), RANK_CHECK).execute(
    1,
    connectGroupSchema.parse({ groupId: '7' }),
  );
  const access = new GroupAccessPolicy(customers, roblox, connected, RANK_CHECK);
  const cloud = new InMemoryOpenCloud(roblox);
  const keys = new InMemoryOpenCloudKeys();
  const audit = new InMemoryRankAudit();
  const roleSync = new RecordingRoleSync();
  const ranks = new RecordingMemberRanks();
  const notifications = new InMemoryNotifications();
  const sut = new ChangeMemberRank(
    access,
    new RankingEngine(cloud, keys, audit, roblox, customers, ranks, {
      roleSync,
      rankCache: ranks,
      notifications,
    }),
  );
  const lifetime = { idleDays: 60 };
  const saveKey = new SaveOpenCloudKey(
    access,
    cloud,
    keys,
    clock,
    new OwnerNotices(customers, notifications),
    lifetime,
  );
  const readKey = new ReadOpenCloudKey(access, keys, lifetime);
  return { sut, saveKey, readKey, cloud, keys, audit, roleSync, ranks, notifications, roblox, access };
}

describe('ChangeMemberRank', () => {
  it('ranks through Open Cloud, audits, resyncs Discord roles, forgets cached roles and notifies the member', async () => {
    const { sut, saveKey, cloud, audit, roleSync, ranks, notifications } = await makeSut();
    await saveKey.execute(1, '7', 'good-key');
    const change = await sut.execute(1, '7', '43', { rankId: 50, reason: 'Passed training' });
    expect(change).toMatchObject({
      actorName: 'Owner',
      actorRobloxId: '42',
      targetUserId: '43',
      targetName: 'Member',
      fromRank: 1,
      fromRoleName: 'Member',
      toRank: 50,
      toRoleName: 'Trainer',
      reason: 'Passed training',
      source: 'manual',
      result: 'succeeded',
      error: null,
    });
    expect(cloud.assigned).toEqual([{ groupId: '7', userId: '43', roleId: '7-1' }]);
    expect(audit.rows).toHaveLength(1);
    expect(roleSync.users).toEqual(['222']);
    expect(ranks.forgotten).toEqual(['43']);
    expect(ranks.ranks.get('7:43')).toEqual({ rankId: 50, rankName: 'Trainer' });
    expect(await notifications.list(2, 10)).toMatchObject([{ kind: 'rank-changed', isRead: false }]);
  });

  it('refuses before a key is saved, and never stores a key Open Cloud refuses', async () => {
    const { sut, saveKey, readKey, keys } = await makeSut();
    await expect(sut.execute(1, '7', '43', { rankId: 50, reason: 'x' })).rejects.toThrow(
      new Conflict('ROBLOX.NO_OPEN_CLOUD_KEY', NO_OPEN_CLOUD_KEY),
    );
    await expect(saveKey.execute(1, '7', 'stolen-or-typo')).rejects.toBeInstanceOf(Invalid);
    expect(keys.rows.size).toBe(0);
    expect(await readKey.execute(1, '7')).toMatchObject({ set: false, permissions: [], savedAt: null });
  });

  it('never shows the key back, only whether it is set and what it may do', async () => {
    const { saveKey, readKey } = await makeSut();
    const saved = await saveKey.execute(1, '7', 'good-key');
    expect(saved).toMatchObject({ set: true, permissions: ['group:read', 'group:write'], savedAt: clock.now() });
    expect(JSON.stringify(await readKey.execute(1, '7'))).not.toContain('good-key');
  });

  it('keeps a manager strictly below their own rank: not to it, not above it, not a peer, not themselves', async () => {
    const { sut, saveKey, cloud, audit } = await makeSut();
    await saveKey.execute(1, '7', 'good-key');
    // The moderator (rank 100) may rank a member up to 50, but not to 100 or 255.
    await expect(sut.execute(3, '7', '43', { rankId: 100, reason: 'x' })).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_CEILING', RANK_CEILING),
    );
    await expect(sut.execute(3, '7', '43', { rankId: 255, reason: 'x' })).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_CEILING', RANK_CEILING),
    );
    // A peer at the same rank, and themselves, are out of reach even for a demotion.
    await expect(sut.execute(3, '7', '46', { rankId: 1, reason: 'x' })).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_CEILING', RANK_CEILING),
    );
    await expect(sut.execute(3, '7', '44', { rankId: 1, reason: 'x' })).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_CEILING', RANK_CEILING),
    );
    // The owner cannot be demoted by anyone below.
    await expect(sut.execute(3, '7', '42', { rankId: 1, reason: 'x' })).rejects.toThrow(
      new Forbidden('ROBLOX.RANK_CEILING', RANK_CEILING),
    );
    expect(cloud.assigned).toEqual([]);
    expect(audit.rows).toEqual([]);
    await expect(sut.execute(3, '7', '43', { rankId: 50, reason: 'ok' })).resolves.toMatchObject({ toRank: 50 });
  });

  it('refuses members without manage rights and outsiders, an unknown rank, a non-member and the same rank', async () => {
    const { sut, saveKey } = await makeSut();
    await saveKey.execute(1, '7', 'good-key');
    await expect(sut.execute(2, '7', '43', { rankId: 1, reason: 'x' })).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.execute(4, '7', '43', { rankId: 50, reason: 'x' })).rejects.toBeInstanceOf(Forbidden);
    await expect(sut.execute(1, '7', '43', { rankId: 77, reason: 'x' })).rejects.toBeInstanceOf(Invalid);
    await expect(sut.execute(1, '7', '45', { rankId: 50, reason: 'x' })).rejects.toBeInstanceOf(NotFound);
    await expect(sut.execute(1, '7', '43', { rankId: 1, reason: 'x' })).rejects.toBeInstanceOf(Conflict);
    await expect(saveKey.execute(2, '7', 'good-key')).rejects.toBeInstanceOf(Forbidden);
  });

  it('audits a failed change with its reason, and neither resyncs nor notifies', async () => {
    const { sut, saveKey, cloud, audit, roleSync, notifications, access, keys } = await makeSut();
    await saveKey.execute(1, '7', 'good-key');
    cloud.failure = new Unavailable('ROBLOX.UNAVAILABLE', 'Roblox is not answering');
    await expect(sut.execute(1, '7', '43', { rankId: 50, reason: 'Passed' })).rejects.toBeInstanceOf(Unavailable);
    expect(audit.rows).toMatchObject([{ result: 'failed', error: 'Roblox is not answering', toRank: 50 }]);
    expect(roleSync.users).toEqual([]);
    expect(notifications.rows).toEqual([]);
    const trail = new ReadRankAudit(access, audit, 50);
    expect(await trail.execute(1, '7')).toHaveLength(1);
    await expect(trail.execute(2, '7')).rejects.toBeInstanceOf(Forbidden);
    expect(keys.rows.get('7')?.apiKey).toBe('good-key');
  });
});
